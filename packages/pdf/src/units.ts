/**
 * Units of PDF work. PDF user space is in points (1/72 inch); seals are specified in millimetres.
 * Branded so that a millimetre width cannot be passed where points are expected.
 */
import type { Mm } from '@yinzhang/seal';

export type { Mm };

declare const unit: unique symbol;
/** PDF points: 1/72 inch, the unit of PDF user space at the default user unit. */
export type PdfPt = number & { readonly [unit]: 'pdf-pt' };

export const pt = (n: number): PdfPt => n as PdfPt;
export const mm = (n: number): Mm => n as Mm;

export const MM_PER_INCH = 25.4;
export const PT_PER_INCH = 72;

export function mmToPt(length: Mm): PdfPt {
  return pt((length * PT_PER_INCH) / MM_PER_INCH);
}

export function ptToMm(length: PdfPt): Mm {
  return mm((length * MM_PER_INCH) / PT_PER_INCH);
}
