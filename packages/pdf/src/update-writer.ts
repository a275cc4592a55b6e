/**
 * Appending image draws to the pages of a document opened for an update (@libpdf/core), changing
 * as few objects as possible, because every changed object is written again at the end of the
 * file: a page gains one reference in its /Contents and, where needed, one name in its XObject
 * resources. Identical draw streams (the usual case in batch stamping) are one shared object, and
 * the page's original content is wrapped in q/Q by a shared `q` stream, so that whatever state it
 * leaves cannot move or recolour the stamp. Pages that restore more than they save, or end inside a
 * text object, get as many extra saves, restores and an ET as content-scan.ts finds they need.
 */
import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfStream,
} from '@libpdf/core';
import { zlibSync } from 'fflate';
import { concat } from './bytes';
import { type Draw, drawSource, NAME_PREFIX, PAGE_FORM_PREFIX } from './content';
import { type ContentBalance, closingSource, openingSource } from './content-scan';
import { keepCryptFilters } from './crypt-filters';
import { takePageScan } from './page-scan';

export type UpdateDraw = Draw<PdfRef>;

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** Half the side of the box of a page's content made a form: far beyond any page's boxes. */
const FORM_EXTENT = 10_000_000;

/** A PDF page tree is far shallower; deeper /Parent chains are loops or hostile. */
const MAX_INHERITANCE = 512;

export class UpdateWriter {
  private readonly pdf: PDF;
  private readonly streams = new Map<string, PdfRef>();
  /** The opening `q` streams, by their source (one for almost every page). */
  private readonly pushes = new Map<string, PdfRef>();

  constructor(pdf: PDF) {
    this.pdf = pdf;
    keepCryptFilters(pdf);
  }

  private resolve(o: PdfObject | undefined): PdfObject | undefined {
    return o instanceof PdfRef ? (this.pdf.context.resolve(o) ?? undefined) : o;
  }

  private stream(source: string): PdfRef {
    return this.pdf.context.register(PdfStream.fromDict({}, ascii(source)));
  }

  /** Adds the draws, in order, on top of everything the page already shows. */
  append(page: PdfDict, draws: readonly UpdateDraw[]): void {
    if (draws.length === 0) return;
    const { resources, xobjects } = this.xobjectDict(page);
    const { items, balance, content } = takePageScan(this.pdf, page);
    const wrap = items.length > 0;
    if (balance?.aborts && content) {
      this.appendOverForm(page, content, balance, resources, xobjects, draws);
      return;
    }
    const source = drawSource(
      draws.map((d) => ({ ...d, name: this.nameFor(xobjects, d.image) })),
      balance ? closingSource(balance) : '',
    );
    let ref = this.streams.get(source);
    if (!ref) {
      ref = this.stream(source);
      this.streams.set(source, ref);
    }
    if (!wrap) {
      page.set('Contents', ref);
      return;
    }
    const opening = openingSource(balance as NonNullable<typeof balance>);
    let push = this.pushes.get(opening);
    if (!push) {
      push = this.stream(opening);
      this.pushes.set(opening, push);
    }
    page.set('Contents', PdfArray.of(push, ...items, ref));
  }

  /**
   * For content after which a reader stops drawing (content-scan.ts): the page's content becomes
   * a form XObject, drawn first, and the stamp follows it in the page's own (now only) stream. A
   * form's content is read on its own, so whatever stops it stops only the form. The original
   * streams stay in the file, unchanged; the form holds a copy of what they draw.
   */
  private appendOverForm(
    page: PdfDict,
    content: Uint8Array,
    balance: ContentBalance,
    resources: PdfObject,
    xobjects: PdfDict,
    draws: readonly UpdateDraw[],
  ): void {
    const form = this.pdf.context.register(
      PdfStream.fromDict(
        {
          Type: PdfName.of('XObject'),
          Subtype: PdfName.of('Form'),
          // Large enough for any page: the page's own boxes clip it, as they clip its content.
          BBox: PdfArray.of(
            ...[-FORM_EXTENT, -FORM_EXTENT, FORM_EXTENT, FORM_EXTENT].map(PdfNumber.of),
          ),
          Resources: resources,
          Filter: PdfName.of('FlateDecode'),
        },
        // Balanced like any page content we draw over, for the readers that read on.
        zlibSync(concat([ascii(openingSource(balance)), content, ascii(closingSource(balance))])),
      ),
    );
    const name = this.nameFor(xobjects, form, PAGE_FORM_PREFIX);
    const source = drawSource(
      draws.map((d) => ({ ...d, name: this.nameFor(xobjects, d.image) })),
      `q /${name} Do Q\n`,
    );
    page.set('Contents', this.stream(source));
  }

  /**
   * The XObject dictionary the page draws from. Shared or inherited dictionaries get our entry in
   * place: an extra name costs the other pages nothing, where a copy would cost every page (and,
   * in an update, one more written object per page).
   */
  private xobjectDict(page: PdfDict): { resources: PdfObject; xobjects: PdfDict } {
    let resources: PdfDict | undefined;
    /** The entry as the page tree holds it: a form shares it by reference where it can. */
    let entry: PdfObject | undefined;
    let node: PdfDict | undefined = page;
    for (let depth = 0; node && depth < MAX_INHERITANCE; depth++) {
      entry = node.get('Resources');
      const found = this.resolve(entry);
      if (found instanceof PdfDict) {
        resources = found;
        break;
      }
      const parent = this.resolve(node.get('Parent'));
      node = parent instanceof PdfDict ? parent : undefined;
    }
    if (!resources) {
      resources = new PdfDict();
      entry = resources;
      page.set('Resources', resources);
    }
    let xobjects = this.resolve(resources.get('XObject'));
    if (!(xobjects instanceof PdfDict)) {
      xobjects = new PdfDict();
      resources.set('XObject', xobjects);
    }
    return { resources: entry ?? resources, xobjects: xobjects as PdfDict };
  }

  private nameFor(xobjects: PdfDict, image: PdfRef, prefix = NAME_PREFIX): string {
    for (const [key, value] of xobjects) {
      if (
        value instanceof PdfRef &&
        value.objectNumber === image.objectNumber &&
        value.generation === image.generation
      ) {
        return key.value;
      }
    }
    for (let i = 0; ; i++) {
      const name = `${prefix}${i}`;
      if (!xobjects.has(name)) {
        xobjects.set(name, image);
        return name;
      }
    }
  }
}
