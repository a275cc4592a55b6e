/**
 * Appending image draws to the pages of a document opened for an update (@libpdf/core), changing
 * as few objects as possible, because every changed object is written again at the end of the
 * file: a page gains one reference in its /Contents and, where needed, one name in its XObject
 * resources. Identical draw streams (the usual case in batch stamping) are one shared object, and
 * the page's original content is wrapped in q/Q by a shared `q` stream, so that whatever state it
 * leaves cannot move or recolour the stamp. Pages that restore more than they save, or end inside a
 * text object, get as many extra saves, restores and an ET as content-scan.ts finds they need.
 */
import { type PDF, PdfArray, PdfDict, type PdfObject, PdfRef, PdfStream } from '@libpdf/core';
import { type Draw, drawSource, NAME_PREFIX } from './content';
import { closingSource, openingSource, scanBalance } from './content-scan';

export type UpdateDraw = Draw<PdfRef>;

/** Streams of a page's /Contents are read as if joined by white space. */
const SPACE = Uint8Array.of(0x0a);

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** A PDF page tree is far shallower; deeper /Parent chains are loops or hostile. */
const MAX_INHERITANCE = 512;

export class UpdateWriter {
  private readonly pdf: PDF;
  private readonly streams = new Map<string, PdfRef>();
  /** The opening `q` streams, by their source (one for almost every page). */
  private readonly pushes = new Map<string, PdfRef>();

  constructor(pdf: PDF) {
    this.pdf = pdf;
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
    const xobjects = this.xobjectDict(page);
    const old = page.get('Contents');
    const wrap = old !== undefined;
    const existing = this.resolve(old);
    const items: PdfObject[] =
      existing instanceof PdfArray ? existing.toArray() : [old as PdfObject];
    const balance = wrap ? this.balance(items) : undefined;
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

  /** The page's content streams, decoded and read as one (a stream that cannot be is skipped). */
  private balance(items: readonly PdfObject[]) {
    const parts: Uint8Array[] = [];
    for (const item of items) {
      const stream = this.resolve(item);
      if (!(stream instanceof PdfStream)) continue;
      try {
        parts.push(stream.getDecodedData(), SPACE);
      } catch {
        // A stream no reader can decode draws nothing and leaves no state behind.
      }
    }
    const all = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    return scanBalance(all);
  }

  /**
   * The XObject dictionary the page draws from. Shared or inherited dictionaries get our entry in
   * place: an extra name costs the other pages nothing, where a copy would cost every page (and,
   * in an update, one more written object per page).
   */
  private xobjectDict(page: PdfDict): PdfDict {
    let resources: PdfDict | undefined;
    let node: PdfDict | undefined = page;
    for (let depth = 0; node && depth < MAX_INHERITANCE; depth++) {
      const found = this.resolve(node.get('Resources'));
      if (found instanceof PdfDict) {
        resources = found;
        break;
      }
      const parent = this.resolve(node.get('Parent'));
      node = parent instanceof PdfDict ? parent : undefined;
    }
    if (!resources) {
      resources = new PdfDict();
      page.set('Resources', resources);
    }
    let xobjects = this.resolve(resources.get('XObject'));
    if (!(xobjects instanceof PdfDict)) {
      xobjects = new PdfDict();
      resources.set('XObject', xobjects);
    }
    return xobjects as PdfDict;
  }

  private nameFor(xobjects: PdfDict, image: PdfRef): string {
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
      const name = `${NAME_PREFIX}${i}`;
      if (!xobjects.has(name)) {
        xobjects.set(name, image);
        return name;
      }
    }
  }
}
