/** The drawn signature as a transparent PNG cropped to its ink (browser only). */
import { canvasToPng, context2d } from '../../files/image';
import { inkBounds, withMargin } from './inkCrop';

/** Room left around the ink, in CSS px of the drawing. */
export const INK_MARGIN = 6;

/** Crops the canvas (already at `ratio` canvas px per CSS px) to its ink; null when it is blank. */
export async function exportSignature(
  canvas: HTMLCanvasElement,
  ratio: number,
): Promise<Blob | null> {
  const { width, height } = canvas;
  const pixels = context2d(canvas).getImageData(0, 0, width, height);
  const ink = inkBounds(pixels.data, width, height);
  if (!ink) return null;
  const crop = withMargin(ink, Math.round(INK_MARGIN * ratio), width, height);
  const out = document.createElement('canvas');
  out.width = crop.width;
  out.height = crop.height;
  context2d(out).drawImage(
    canvas,
    crop.x,
    crop.y,
    crop.width,
    crop.height,
    0,
    0,
    crop.width,
    crop.height,
  );
  return canvasToPng(out);
}
