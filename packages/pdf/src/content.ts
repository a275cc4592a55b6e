/**
 * Appending image draws to existing pages at the lowest level pdf-lib offers, because its
 * PDFPage.drawImage adds empty Font/ExtGState/Annots entries and a fresh content stream to every
 * page. Here a page grows by a few references only: identical draw streams (the usual case in
 * batch stamping) are one shared object, and the page's original content is wrapped in q/Q by one
 * shared `q` stream so that whatever state it leaves cannot move or recolour the stamp.
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  type PDFObject,
  type PDFPageLeaf,
  type PDFRef,
} from '@cantoo/pdf-lib';
import type { Matrix, Rect } from './geometry';

export interface Draw<Ref = PDFRef> {
  readonly image: Ref;
  readonly matrix: Matrix;
  /** Clip to this user-space rectangle first (the page, or a paging-seal strip). */
  readonly clip?: Rect | undefined;
}

export const NAME_PREFIX = 'YzImg';

/** A number as PDF content syntax: no exponent, at most 4 decimals, no "-0". */
export function num(n: number): string {
  const r = Math.round(n * 1e4) / 1e4;
  if (Object.is(r, -0) || r === 0) return '0';
  return Number.isInteger(r) ? String(r) : r.toFixed(4).replace(/0+$/, '');
}

/**
 * The content stream that draws `draws` by their XObject names, each in its own q/Q, clipped
 * first when asked. `wrapped`: the page's own content was opened with a shared `q` stream, which
 * this closes first.
 */
export function drawSource(
  draws: readonly {
    readonly name: string;
    readonly matrix: Matrix;
    readonly clip?: Rect | undefined;
  }[],
  wrapped: boolean,
): string {
  const ops: string[] = [];
  for (const d of draws) {
    ops.push('q');
    if (d.clip) {
      const { llx, lly, urx, ury } = d.clip;
      ops.push(`${num(llx)} ${num(lly)} ${num(urx - llx)} ${num(ury - lly)} re W n`);
    }
    ops.push(`${d.matrix.map(num).join(' ')} cm /${d.name} Do Q`);
  }
  return `${wrapped ? 'Q\n' : ''}${ops.join('\n')}\n`;
}

export class PageWriter {
  private readonly doc: PDFDocument;
  private readonly streams = new Map<string, PDFRef>();
  private push: PDFRef | undefined;

  constructor(doc: PDFDocument) {
    this.doc = doc;
  }

  /** Adds the draws, in order, on top of everything the page already shows. */
  append(leaf: PDFPageLeaf, draws: readonly Draw[]): void {
    if (draws.length === 0) return;
    const xobjects = this.xobjectDict(leaf);
    const { context } = this.doc;
    const old = leaf.get(PDFName.Contents);
    const wrap = old !== undefined;
    const source = drawSource(
      draws.map((d) => ({ ...d, name: this.nameFor(xobjects, d.image) })),
      wrap,
    );
    let ref = this.streams.get(source);
    if (!ref) {
      ref = context.register(context.stream(source));
      this.streams.set(source, ref);
    }
    if (!wrap) {
      leaf.set(PDFName.Contents, ref);
      return;
    }
    this.push ??= context.register(context.stream('q\n'));
    const existing = context.lookup(old);
    const items: PDFObject[] = existing instanceof PDFArray ? existing.asArray() : [old];
    leaf.set(PDFName.Contents, context.obj([this.push, ...items, ref]));
  }

  /**
   * The XObject dictionary the page draws from. Shared or inherited dictionaries get our entry
   * in place: an extra name costs the other pages nothing, where a copy would cost every page.
   */
  private xobjectDict(leaf: PDFPageLeaf): PDFDict {
    const { context } = this.doc;
    let resources = context.lookupMaybe(leaf.getInheritableAttribute(PDFName.Resources), PDFDict);
    if (!resources) {
      resources = context.obj({});
      leaf.set(PDFName.Resources, resources);
    }
    let xobjects = context.lookupMaybe(resources.get(PDFName.XObject), PDFDict);
    if (!xobjects) {
      xobjects = context.obj({});
      resources.set(PDFName.XObject, xobjects);
    }
    return xobjects;
  }

  private nameFor(xobjects: PDFDict, image: PDFRef): string {
    for (const [key, value] of xobjects.entries()) {
      if (value === image) return key.decodeText();
    }
    for (let i = 0; ; i++) {
      const name = PDFName.of(`${NAME_PREFIX}${i}`);
      if (!xobjects.has(name)) {
        xobjects.set(name, image);
        return name.decodeText();
      }
    }
  }
}
