/** Test stamps made in code. */
import { PNG } from 'pngjs';

export const RED = [230, 0, 18] as const;
export const BLUE = [0, 40, 230] as const;

/**
 * An opaque red W x H stamp with a blue square in its top-left corner, so that a render shows
 * both where the stamp went and which way up it is.
 */
export function markedStamp(width = 200, height = 100, marker = 0.25): Uint8Array {
  const png = new PNG({ width, height });
  const m = Math.round(Math.min(width, height) * marker);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = x < m && y < m ? BLUE : RED;
      png.data.set([c[0], c[1], c[2], 255], (y * width + x) * 4);
    }
  }
  return PNG.sync.write(png);
}

/** A red disc on a transparent background (alpha 0 outside), like a real seal image. */
export function discStamp(size = 256): Uint8Array {
  const png = new PNG({ width: size, height: size });
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inside = (x + 0.5 - r) ** 2 + (y + 0.5 - r) ** 2 < (r - 1) ** 2;
      png.data.set([RED[0], RED[1], RED[2], inside ? 255 : 0], (y * size + x) * 4);
    }
  }
  return PNG.sync.write(png);
}

/**
 * An opaque image whose colour runs from blue on the left to red on the right, so every column
 * says where it came from: red channel = 255 * (x + 0.5) / width.
 */
export function gradientStamp(width = 256, height = 256): Uint8Array {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const r = Math.round((255 * (x + 0.5)) / width);
      png.data.set([r, 0, 255 - r, 255], (y * width + x) * 4);
    }
  }
  return PNG.sync.write(png);
}
