/**
 * Makes a white background transparent (a logo or signature scanned on paper). Pure: works on the
 * RGBA bytes of an ImageData in place.
 *
 * How white a pixel is: its darkest channel (a red stroke has a dark green channel, so it stays).
 * At or above `clear` it becomes fully transparent; at or below `keep` it is left alone; between
 * the two its alpha falls off linearly, and its colour is un-mixed from the white it was blended
 * with, so that anti-aliased edges do not leave a pale fringe on a dark page.
 */
export interface WhiteToAlphaOptions {
  /** Darkest channel at or above which a pixel is background. */
  clear: number;
  /** Darkest channel at or below which a pixel is ink. */
  keep: number;
}

export const WHITE_TO_ALPHA: WhiteToAlphaOptions = { clear: 240, keep: 190 };

export function whiteToAlpha(
  data: Uint8ClampedArray | Uint8Array | number[],
  options: WhiteToAlphaOptions = WHITE_TO_ALPHA,
): void {
  const { clear, keep } = options;
  if (!(clear > keep)) throw new Error('clear must be above keep');
  for (let i = 0; i + 3 < data.length; i += 4) {
    const r = data[i] ?? 0;
    const g = data[i + 1] ?? 0;
    const b = data[i + 2] ?? 0;
    const darkest = Math.min(r, g, b);
    if (darkest <= keep) continue;
    if (darkest >= clear) {
      data[i + 3] = 0;
      continue;
    }
    // Opacity of the ink that, laid on white, gives this pixel.
    const t = (clear - darkest) / (clear - keep);
    const unmix = (c: number) => Math.round(Math.min(255, Math.max(0, (c - 255 * (1 - t)) / t)));
    data[i] = unmix(r);
    data[i + 1] = unmix(g);
    data[i + 2] = unmix(b);
    data[i + 3] = Math.round((data[i + 3] ?? 255) * t);
  }
}
