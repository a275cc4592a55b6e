/** What a screen or the command line needs to know before placing anything. */
import type { Size } from '@yinzhang/seal/placement';
import { displayedSize } from './geometry';
import { openPdf, pageGeometry } from './open';
import type { PdfPt } from './units';

export interface PdfInfo {
  /** Each page's displayed size (after /Rotate, within the CropBox). */
  readonly pages: readonly Size<PdfPt>[];
}

/** Throws the same errors as stamping would (password, damaged file). */
export async function readPdfInfo(bytes: Uint8Array, password?: string): Promise<PdfInfo> {
  const doc = await openPdf(bytes, password);
  return { pages: doc.getPages().map((p) => displayedSize(pageGeometry(p))) };
}
