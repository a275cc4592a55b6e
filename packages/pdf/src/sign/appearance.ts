/**
 * The signature's widget: where it sits (the seal's placement, by the same rules and geometry as
 * stampPdf) and what it shows (the seal image, drawn by a form XObject appearance stream).
 */
import {
  type PDF,
  type PDFPage,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfRef,
  PdfStream,
} from '@libpdf/core';
import { PdfInputError } from '../errors';
import { displayedSize, type PageGeometry, type Rect, rect } from '../geometry';
import { type EmbedOptions, embedImageForUpdate } from '../images';
import { checkPlacement, type Placement, placedImage } from '../placement';
import { ascii } from './placeholder';

const numbers = (...values: number[]) => new PdfArray(values.map((v) => PdfNumber.of(v)));
const fmt = (n: number) => (Math.abs(n) < 1e-9 ? '0' : String(Number(n.toFixed(4))));

export interface Widget {
  readonly page: PDFPage;
  readonly rect: Rect;
  /** The normal appearance (a form XObject), or null for an invisible signature. */
  readonly appearance: PdfRef | null;
}

/** Builds the appearance for a visible signature: the seal image at the placement. */
export function visibleWidget(
  pdf: PDF,
  geometry: readonly PageGeometry[],
  appearance: { readonly image: Uint8Array; readonly placement: Placement },
  embedding: EmbedOptions = {},
): Widget {
  const p = appearance.placement;
  checkPlacement(p, pdf.getPageCount(), { [p.image]: appearance.image });
  const page = pdf.getPage(p.page) as PDFPage;
  const g = geometry[p.page] as PageGeometry;
  // The same embedding as stampPdf: every PNG colour type and depth, JPEG as it is.
  const image = embedImageForUpdate(pdf, appearance.image, 'The seal image', embedding);
  // The same computation as stampPdf's: the widget covers what the stamp would show.
  const placed = placedImage(g, p, displayedSize(g));
  const r = placed.covered;
  if (!r)
    throw new PdfInputError('BAD_PLACEMENT', `The seal on page ${p.page + 1} is off the page`);
  // BBox = Rect and no /Matrix: the appearance is drawn in page space, so the image matrix that
  // stampPdf would use (page /Rotate, CropBox and the seal's own turn included) applies as it is.
  const m = placed.matrix.map(fmt).join(' ');
  const content = ascii(`q ${m} cm /Seal Do Q\n`);
  const stream = PdfStream.fromDict(
    {
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Form'),
      BBox: numbers(r.llx, r.lly, r.urx, r.ury),
      Resources: PdfDict.of({ XObject: PdfDict.of({ Seal: image.ref }) }),
    },
    content,
  );
  return { page, rect: r, appearance: pdf.register(stream) };
}

/** An invisible signature sits on the first page with an empty rectangle. */
export function invisibleWidget(pdf: PDF): Widget {
  return { page: pdf.getPage(0) as PDFPage, rect: rect(0, 0, 0, 0), appearance: null };
}

/** Turns the signature field into its own widget annotation on the page. */
export function attachWidget(pdf: PDF, field: PdfDict, widget: Widget, fieldRef: PdfRef): void {
  const { rect: r } = widget;
  field.delete('Kids');
  field.set('Type', PdfName.of('Annot'));
  field.set('Subtype', PdfName.of('Widget'));
  // Print (4) + Locked (128): shown and printed; readers do not let it be moved or deleted.
  field.set('F', PdfNumber.of(132));
  field.set('P', widget.page.ref);
  field.set('Rect', numbers(r.llx, r.lly, r.urx, r.ury));
  if (widget.appearance) field.set('AP', PdfDict.of({ N: widget.appearance }));
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const annots = widget.page.dict.getArray('Annots', resolve);
  if (annots) annots.push(fieldRef);
  else widget.page.dict.set('Annots', new PdfArray([fieldRef]));
}
