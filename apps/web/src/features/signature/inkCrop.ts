/**
 * Where the ink is on a signature canvas, and the rectangle to keep. Pure: works on the RGBA bytes
 * of an ImageData, so it runs in tests without a canvas.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest rectangle holding every pixel with alpha above `threshold`, or null for none. */
export function inkBounds(
  data: Uint8ClampedArray | Uint8Array | readonly number[],
  width: number,
  height: number,
  threshold = 0,
): Rect | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if ((data[row + x * 4 + 3] ?? 0) <= threshold) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      maxY = y;
    }
  }
  if (maxX < 0) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** `rect` grown by `margin` on every side, but not past the canvas. */
export function withMargin(rect: Rect, margin: number, width: number, height: number): Rect {
  const x = Math.max(0, rect.x - margin);
  const y = Math.max(0, rect.y - margin);
  const right = Math.min(width, rect.x + rect.width + margin);
  const bottom = Math.min(height, rect.y + rect.height + margin);
  return { x, y, width: right - x, height: bottom - y };
}
