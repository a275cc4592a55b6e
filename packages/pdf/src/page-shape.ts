/**
 * A page's MediaBox, CropBox and /Rotate read through @libpdf/core's object model, inherited
 * entries resolved, with the same rules as pdf-lib's reading in open.ts: a box is four numbers,
 * a page without a usable MediaBox is US Letter, as in viewers.
 */
import { type PDF, PdfArray, PdfDict, PdfNumber, type PdfObject, PdfRef } from '@libpdf/core';
import { type PageGeometry, type Rect, rect, usableBox } from './geometry';

/** A page tree is far shallower; a deeper /Parent chain is a loop. */
const MAX_INHERITANCE = 512;
const US_LETTER = rect(0, 0, 612, 792);

export function pageShape(pdf: PDF, page: PdfDict): PageGeometry {
  const resolve = (o: PdfObject | undefined): PdfObject | undefined =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;
  const inherited = (key: string): PdfObject | undefined => {
    let node: PdfDict | undefined = page;
    for (let depth = 0; node && depth < MAX_INHERITANCE; depth++) {
      const value = resolve(node.get(key));
      if (value !== undefined) return value;
      const parent = resolve(node.get('Parent'));
      node = parent instanceof PdfDict ? parent : undefined;
    }
    return undefined;
  };
  const box = (o: PdfObject | undefined): Rect | undefined => {
    if (!(o instanceof PdfArray) || o.length !== 4) return undefined;
    const n = o.toArray().map(resolve);
    if (!n.every((x) => x instanceof PdfNumber)) return undefined;
    const [a, b, c, d] = (n as PdfNumber[]).map((x) => x.value);
    return usableBox(rect(a as number, b as number, c as number, d as number));
  };
  const rotate = inherited('Rotate');
  return {
    mediaBox: box(inherited('MediaBox')) ?? US_LETTER,
    cropBox: box(inherited('CropBox')),
    rotate: rotate instanceof PdfNumber ? rotate.value : 0,
  };
}
