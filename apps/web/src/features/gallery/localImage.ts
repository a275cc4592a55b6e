/** A local image made ready for the gallery (browser only: decodes on a canvas). */
import { canvasToPng, context2d, loadImage } from '../../files/image';
import { whiteToAlpha } from './whiteToAlpha';

/**
 * A stamp is shown at most 400 CSS px wide; this many pixels on its longer side stay sharp even
 * on a full-resolution export, while a 6000 px photo does not bloat the gallery.
 */
export const MAX_STAMP_SIDE = 2048;

/**
 * The file as it is, or, with `removeWhite`, a PNG (longer side within MAX_STAMP_SIDE) whose
 * white background is transparent. Rejects when the image cannot be decoded.
 */
export async function prepareLocalImage(file: Blob, removeWhite: boolean): Promise<Blob> {
  const url = URL.createObjectURL(file);
  try {
    const img = await loadImage(url);
    if (!removeWhite) return file;
    const k = Math.min(1, MAX_STAMP_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * k));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * k));
    const ctx = context2d(canvas);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
    whiteToAlpha(pixels.data);
    ctx.putImageData(pixels, 0, 0);
    return await canvasToPng(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}
