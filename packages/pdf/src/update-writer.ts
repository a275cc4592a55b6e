/**
 * Appending image draws to the pages of a document opened for an update (@libpdf/core), changing
 * as few objects as possible, because every changed object is written again at the end of the
 * file: a page gains one reference in its /Contents and, where needed, one name in its XObject
 * resources. Identical draw streams (the usual case in batch stamping) are one shared object, and
 * the page's original content is wrapped in q/Q by one shared `q` stream, so that whatever state
 * it leaves cannot move or recolour the stamp. The same scheme as content.ts for pdf-lib.
 */
import { type PDF, PdfArray, PdfDict, type PdfObject, PdfRef, PdfStream } from '@libpdf/core';
import { type Draw, drawSource, NAME_PREFIX } from './content';

export type UpdateDraw = Draw<PdfRef>;

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** A PDF page tree is far shallower; deeper /Parent chains are loops or hostile. */
const MAX_INHERITANCE = 512;

export class UpdateWriter {
  private readonly pdf: PDF;
  private readonly streams = new Map<string, PdfRef>();
  private push: PdfRef | undefined;

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
    const source = drawSource(
      draws.map((d) => ({ ...d, name: this.nameFor(xobjects, d.image) })),
      wrap,
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
    this.push ??= this.stream('q\n');
    const existing = this.resolve(old);
    const items: PdfObject[] = existing instanceof PdfArray ? existing.toArray() : [old];
    page.set('Contents', PdfArray.of(this.push, ...items, ref));
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
