/**
 * Images to PDF: one image per page, scaled to fit within the margins and centred. JPEGs go in as
 * they are (no re-encoding) and their EXIF orientation is applied by the drawing matrix, not by
 * touching pixels.
 */
import { PDF } from '@libpdf/core';
import type { Size } from '@yinzhang/seal/placement';
import { engineWork } from './engine-log';
import { PdfInputError } from './errors';
import { type Matrix, multiply } from './geometry';
import { type ExifOrientation, embedImageForUpdate, imageKind, jpegOrientation } from './images';
import type { OnProgress } from './progress';
import { type Mm, mmToPt, type PdfPt, pt } from './units';
import { UpdateWriter } from './update-writer';

export type PageSize = 'a4' | 'letter' | 'fit';
export type Orientation = 'auto' | 'portrait' | 'landscape';

export interface ImagesToPdfOptions {
  readonly pageSize?: PageSize | undefined;
  /** With a4 and letter: auto turns the page to match each image's shape. */
  readonly orientation?: Orientation | undefined;
  readonly marginMm?: Mm | undefined;
  readonly onProgress?: OnProgress | undefined;
}

/** Portrait sizes in points. A4 is 210 x 297 mm; Letter 8.5 x 11 in. */
export const PAGE_SIZES: Record<Exclude<PageSize, 'fit'>, Size<PdfPt>> = {
  a4: { width: mmToPt(210 as Mm), height: mmToPt(297 as Mm) },
  letter: { width: pt(612), height: pt(792) },
};

/** 'fit' pages take the image's pixels at CSS resolution, the size a browser would show it. */
const FIT_PT_PER_PX = 72 / 96;

/**
 * The matrix from image space (the unit square, stored rows, top row at y = 1) to the unit square
 * as the EXIF orientation says the image should be seen.
 */
export const EXIF_MATRIX: Record<ExifOrientation, Matrix> = {
  1: [1, 0, 0, 1, 0, 0],
  2: [-1, 0, 0, 1, 1, 0], // mirrored left-right
  3: [-1, 0, 0, -1, 1, 1], // turned 180°
  4: [1, 0, 0, -1, 0, 1], // mirrored top-bottom
  5: [0, -1, -1, 0, 1, 1], // transposed
  6: [0, -1, 1, 0, 0, 1], // stored turned 90° anticlockwise: show it turned clockwise
  7: [0, 1, 1, 0, 0, 0], // transverse
  8: [0, 1, -1, 0, 1, 0], // stored turned 90° clockwise
};

/** Size of the page for an image seen as `seen` (pixels, after EXIF orientation). */
export function pageFor(
  seen: Size<number>,
  size: PageSize,
  orientation: Orientation,
  margin: PdfPt,
): Size<PdfPt> {
  if (size === 'fit') {
    return {
      width: pt(seen.width * FIT_PT_PER_PX + 2 * margin),
      height: pt(seen.height * FIT_PT_PER_PX + 2 * margin),
    };
  }
  const portrait = PAGE_SIZES[size];
  const landscape =
    orientation === 'landscape' || (orientation === 'auto' && seen.width > seen.height);
  return landscape ? { width: portrait.height, height: portrait.width } : portrait;
}

/** The largest box of the image's aspect inside the page's margins, centred. */
export function fitBox(seen: Size<number>, page: Size<PdfPt>, margin: PdfPt) {
  const room = { width: page.width - 2 * margin, height: page.height - 2 * margin };
  if (!(room.width > 0 && room.height > 0)) {
    throw new PdfInputError('BAD_PLACEMENT', 'The margins leave no room for the image');
  }
  const k = Math.min(room.width / seen.width, room.height / seen.height);
  const width = seen.width * k;
  const height = seen.height * k;
  return { x: (page.width - width) / 2, y: (page.height - height) / 2, width, height };
}

export async function imagesToPdf(
  images: readonly { readonly bytes: Uint8Array }[],
  options: ImagesToPdfOptions = {},
): Promise<Uint8Array> {
  return engineWork(() => converting(images, options));
}

async function converting(
  images: readonly { readonly bytes: Uint8Array }[],
  options: ImagesToPdfOptions,
): Promise<Uint8Array> {
  if (images.length === 0) throw new PdfInputError('BAD_IMAGE', 'No images to put in the PDF');
  const size = options.pageSize ?? 'a4';
  const orientation = options.orientation ?? 'auto';
  const margin = mmToPt(options.marginMm ?? (0 as Mm));
  if (!(margin >= 0)) throw new PdfInputError('BAD_PLACEMENT', 'The margin cannot be negative');
  const doc = PDF.create();
  const writer = new UpdateWriter(doc);
  for (const [i, { bytes }] of images.entries()) {
    const image = embedImageForUpdate(doc, bytes, `Image ${i + 1}`);
    const exif = imageKind(bytes) === 'jpeg' ? jpegOrientation(bytes) : 1;
    const turned = exif >= 5;
    const seen = turned
      ? { width: image.height, height: image.width }
      : { width: image.width, height: image.height };
    const page = pageFor(seen, size, orientation, margin);
    const box = fitBox(seen, page, margin);
    const pdfPage = doc.addPage({ width: page.width, height: page.height });
    const matrix = multiply(EXIF_MATRIX[exif], [box.width, 0, 0, box.height, box.x, box.y]);
    writer.append(pdfPage.dict, [{ image: image.ref, matrix }]);
    options.onProgress?.({ phase: 'draw', done: i + 1, total: images.length });
  }
  // A cross-reference stream: the compact form for a new file.
  const out = await doc.save({ useXRefStream: true });
  options.onProgress?.({ phase: 'write', done: 1, total: 1 });
  return out;
}
