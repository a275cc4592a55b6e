/** Small separable filters on float planes. Each returns a new plane of the same size. */

/** Max over a horizontal window of 2r+1 pixels. */
export function rowMax(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const a = x < r ? row : row + x - r;
      const b = x + r >= width ? row + width - 1 : row + x + r;
      let m = 0;
      for (let i = a; i <= b; i++) {
        const v = src[i] as number;
        if (v > m) m = v;
      }
      out[row + x] = m;
    }
  }
  return out;
}

/** Mean over a 3x3 window (at the border, over the pixels present). */
export function boxFilter3(src: Float32Array, width: number, height: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const third = 1 / 3;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (width === 1) {
      tmp[row] = src[row] as number;
      continue;
    }
    tmp[row] = ((src[row] as number) + (src[row + 1] as number)) * 0.5;
    for (let i = row + 1, end = row + width - 1; i < end; i++) {
      tmp[i] = ((src[i - 1] as number) + (src[i] as number) + (src[i + 1] as number)) * third;
    }
    const last = row + width - 1;
    tmp[last] = ((src[last - 1] as number) + (src[last] as number)) * 0.5;
  }
  if (height === 1) {
    out.set(tmp);
    return out;
  }
  for (let x = 0; x < width; x++) out[x] = ((tmp[x] as number) + (tmp[x + width] as number)) * 0.5;
  for (let i = width, end = (height - 1) * width; i < end; i++) {
    out[i] = ((tmp[i - width] as number) + (tmp[i] as number) + (tmp[i + width] as number)) * third;
  }
  for (let i = (height - 1) * width; i < height * width; i++) {
    out[i] = ((tmp[i - width] as number) + (tmp[i] as number)) * 0.5;
  }
  return out;
}
