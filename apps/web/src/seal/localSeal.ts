/**
 * Draws a seal in this browser with the same drawSeal and font files as the server.
 * Loaded on first use (see the store), so the font stylesheets stay out of the home page's CSS.
 */
import '@fontsource/noto-serif-sc/700.css';
import '@fontsource/arimo/latin-700.css';
import { codeFont, drawSeal, SEAL_CANVAS_PX, sealCharacters, sealFont } from '@yinzhang/seal';
import type { SealInput } from '../api/seal';

/** Loads exactly the font slices the seal needs; the text must never fall back to another font. */
async function loadFonts(spec: SealInput): Promise<void> {
  const text = sealCharacters(spec);
  await Promise.all([
    document.fonts.load(sealFont(64), text),
    spec.code ? document.fonts.load(codeFont(32), spec.code) : undefined,
  ]);
  const ready =
    document.fonts.check(sealFont(64), text) &&
    (!spec.code || document.fonts.check(codeFont(32), spec.code));
  if (!ready) throw new Error('The seal font could not be loaded');
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the seal'))),
      'image/png',
    );
  });
}

/** The seal as a 512x512 PNG with a transparent background. */
export async function renderLocalSeal(spec: SealInput): Promise<Blob> {
  await loadFonts(spec);
  const canvas = document.createElement('canvas');
  canvas.width = SEAL_CANVAS_PX;
  canvas.height = SEAL_CANVAS_PX;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  drawSeal(ctx, spec, { sizePx: SEAL_CANVAS_PX });
  return toPng(canvas);
}
