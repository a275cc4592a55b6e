/**
 * Runs the engine once on a small generated document, so that its code is compiled and its
 * images are encoded before the real work. The browser's export worker starts with cold code,
 * which V8 runs several times slower than after a first pass (measured on 1000 pages: the first
 * placeAll in a fresh worker took 3-5x the second); the worker warms up while the user is still
 * choosing a file and placing stamps, so the first 编辑完成 is nearly as quick as the next.
 */
import { PDF, rgb, StandardFonts } from '@libpdf/core';
import type { PageFraction } from '@yinzhang/seal/placement';
import { placeAll } from './place-all';
import type { Placement } from './placement';

/** Enough pages for the per-page code to be optimised, few enough to take a moment. */
export const WARM_UP_PAGES = 60;

const A4 = { width: 595.28, height: 841.89 } as const;
const f = (n: number) => n as PageFraction;

/**
 * `pages` A4 pages, each with a line of text and a grey block, their content compressed as most
 * writers save it: the kinds of object a stamped document's pages hold.
 */
export async function warmUpPdf(pages = WARM_UP_PAGES): Promise<Uint8Array> {
  const pdf = PDF.create();
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage(A4);
    page.drawText(`Page ${i + 1}: the quick brown fox jumps over the lazy dog`, {
      x: 56,
      y: 780,
      size: 12,
      font: StandardFonts.Helvetica,
    });
    page.drawRectangle({ x: 56, y: 400, width: 480, height: 300, color: rgb(0.85, 0.85, 0.85) });
  }
  return pdf.save({ compressionThreshold: 0 });
}

let generated: Promise<Uint8Array> | null = null;

/**
 * placeAll on the warm-up document, each of `images` (PNG or JPEG bytes by id) on every page.
 * Each image's decoded and deflated form is kept for the very array passed (see images.ts), so a
 * later placeAll given the same array embeds it at once. Rejects as placeAll does (a bad image).
 */
export async function warmUp(images: Readonly<Record<string, Uint8Array>> = {}): Promise<void> {
  generated ??= warmUpPdf();
  const bytes = await generated;
  const every = Object.keys(images).map((image) => ({
    placement: {
      page: 0,
      image,
      x: f(0.6),
      y: f(0.7),
      width: f(0.2),
      height: f(0.14),
      rotate: 0,
    } satisfies Placement,
    pages: 'all' as const,
  }));
  await placeAll(bytes, { images, placements: [], every });
}
