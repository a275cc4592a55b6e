/** Cells per block of a row's touched flags (see #touched): 8 measured ahead of 4, 16 and 32. */
const BLOCK_SHIFT = 3;
const BLOCK = 1 << BLOCK_SHIFT;

/**
 * Anti-aliased polygon coverage by signed-area accumulation: every edge adds, to the cells of each
 * row it crosses, the share of that row's height it covers to their right; a running sum along the
 * row then gives each pixel's winding number averaged over its area, which is its exact coverage
 * wherever the winding is 0 or 1 (nonzero fill: the magnitude, clamped to 1).
 * One pass over the edges and one over the touched rows, no supersampling, no sorting.
 *
 * Used by AlphaCanvas (alpha-canvas.ts) to draw seals on the server without Skia: see there for
 * why, and the measurements.
 */
export class CoverageAccumulator {
  readonly width: number;
  readonly height: number;
  /** Row stride: two spare cells on the right take what the last pixel's edges spill. */
  readonly #stride: number;
  readonly #acc: Float32Array;
  /** Per row, the first and one past the last cell touched since the last resolve. */
  readonly #rowMin: Int32Array;
  readonly #rowMax: Int32Array;
  /**
   * Per row, a flag per block of BLOCK cells: set when an edge wrote to one of its cells. In a
   * block no edge touched the running sum stays as it came in, so resolve gives its pixels one
   * value without reading them: the inside of a seal's ring and its solid strokes (measured: of
   * a seal's 201,000 cells, 59,000 are read; renderSeal ~4% faster, the marking in edge() taking
   * back most of what resolve saves).
   */
  readonly #touched: Uint8Array;
  readonly #blocks: number;

  constructor(width: number, height: number) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError('coverage size must be positive integers');
    }
    this.width = width;
    this.height = height;
    this.#stride = width + 2;
    this.#acc = new Float32Array(this.#stride * height);
    this.#rowMin = new Int32Array(height).fill(this.#stride);
    this.#rowMax = new Int32Array(height);
    this.#blocks = (this.#stride + BLOCK - 1) >> BLOCK_SHIFT;
    this.#touched = new Uint8Array(this.#blocks * height);
  }

  /**
   * Adds the edge from point `i` to point `j` of `points` (x at the index, y after it; device
   * pixels); its direction gives the winding sign, times `sign` (AlphaCanvas turns every shape the
   * same way round, see there). The points are read here rather than passed as four numbers: a
   * call that is not inlined boxes each double it is given, and a seal has thousands of edges
   * (measured: a seventh of a seal's garbage).
   */
  edge(points: Float64Array, i: number, j: number, sign: number): void {
    let x0 = points[i] as number;
    let y0 = points[i + 1] as number;
    let x1 = points[j] as number;
    let y1 = points[j + 1] as number;
    if (y0 === y1 || !Number.isFinite(x0 + y0 + x1 + y1)) return;
    let dir = sign;
    if (y0 > y1) {
      dir = -sign;
      const x = x0;
      const y = y0;
      x0 = x1;
      y0 = y1;
      x1 = x;
      y1 = y;
    }
    const w = this.width;
    // Left of the canvas counts as its first column and right as past its last, which keeps the
    // winding of every row right for shapes that stick out; nothing here draws outside anyway.
    x0 = Math.min(Math.max(x0, 0), w);
    x1 = Math.min(Math.max(x1, 0), w);
    const dxdy = (x1 - x0) / (y1 - y0);
    const yStart = Math.max(0, Math.floor(y0));
    const yEnd = Math.min(this.height, Math.ceil(y1));
    if (yStart >= yEnd) return;
    const acc = this.#acc;
    const touched = this.#touched;
    const blocks = this.#blocks;
    let x = x0 + (yStart > y0 ? (yStart - y0) * dxdy : 0);
    for (let y = yStart; y < yEnd; y++) {
      const dy = Math.min(y + 1, y1) - Math.max(y, y0);
      const xNext = x + dxdy * dy;
      const d = dy * dir;
      const lo = x < xNext ? x : xNext;
      const hi = x < xNext ? xNext : x;
      const loFloor = Math.floor(lo);
      const hiCeil = Math.ceil(hi);
      const row = y * this.#stride + loFloor;
      if (hiCeil <= loFloor + 1) {
        // Within one pixel column: the part left of the edge's mean x stays in this pixel.
        const mid = 0.5 * (x + xNext) - loFloor;
        acc[row] = (acc[row] as number) + d * (1 - mid);
        acc[row + 1] = (acc[row + 1] as number) + d * mid;
      } else {
        // Across several columns: the covered area grows as a triangle, then linearly, then the
        // last column's triangle; the cells hold the differences of that area along the row.
        const inv = 1 / (hi - lo);
        const loFrac = lo - loFloor;
        const first = 0.5 * inv * (1 - loFrac) * (1 - loFrac);
        const hiFrac = hi - hiCeil + 1;
        const last = 0.5 * inv * hiFrac * hiFrac;
        const span = hiCeil - loFloor;
        acc[row] = (acc[row] as number) + d * first;
        if (span === 2) {
          acc[row + 1] = (acc[row + 1] as number) + d * (1 - first - last);
        } else {
          const second = inv * (1.5 - loFrac);
          acc[row + 1] = (acc[row + 1] as number) + d * (second - first);
          for (let i = 2; i < span - 1; i++) acc[row + i] = (acc[row + i] as number) + d * inv;
          const beforeLast = second + (span - 3) * inv;
          acc[row + span - 1] = (acc[row + span - 1] as number) + d * (1 - beforeLast - last);
        }
        acc[row + span] = (acc[row + span] as number) + d * last;
      }
      if (loFloor < (this.#rowMin[y] as number)) this.#rowMin[y] = loFloor;
      if (hiCeil + 2 > (this.#rowMax[y] as number)) this.#rowMax[y] = hiCeil + 2;
      // The cells written: loFloor up to hiCeil, and at least loFloor + 1.
      const firstBlock = y * blocks + (loFloor >> BLOCK_SHIFT);
      const lastBlock = y * blocks + ((hiCeil > loFloor + 1 ? hiCeil : loFloor + 1) >> BLOCK_SHIFT);
      touched[firstBlock] = 1;
      touched[lastBlock] = 1;
      // An edge flatter than a block is long: the blocks between.
      for (let b = firstBlock + 1; b < lastBlock; b++) touched[b] = 1;
      x = xNext;
    }
  }

  /** Forgets everything accumulated. */
  clear(): void {
    for (let y = 0; y < this.height; y++) {
      const from = this.#rowMin[y] as number;
      const to = this.#rowMax[y] as number;
      // A row no edge reached has no cell and no block flag set.
      if (from < to) {
        this.#acc.fill(0, y * this.#stride + from, y * this.#stride + to);
        this.#touched.fill(0, y * this.#blocks, (y + 1) * this.#blocks);
      }
      this.#rowMin[y] = this.#stride;
      this.#rowMax[y] = 0;
    }
  }

  /**
   * Writes every pixel's coverage (the winding number's magnitude, clamped to 1) as `lut[round(c *
   * 255)]` into `out`, `rowPad` bytes before each row, and clears the accumulator. Untouched
   * pixels are left as they are (0 in a new buffer).
   */
  resolve(out: Uint8Array, rowPad: number, lut: Uint8Array): void {
    const acc = this.#acc;
    const stride = this.#stride;
    const touched = this.#touched;
    const blocks = this.#blocks;
    const w = this.width;
    // 8-bit coverage to output, with the clamp at 1 folded in: index round(|sum| * 255) up to 511.
    const table = new Uint8Array(512);
    for (let i = 0; i < 512; i++) table[i] = lut[Math.min(i, 255)] as number;
    for (let y = 0; y < this.height; y++) {
      const from = this.#rowMin[y] as number;
      const to = this.#rowMax[y] as number;
      if (from >= to) continue;
      const row = y * stride;
      // One index for both arrays, and the cells cleared in one fill after the row: measured
      // ~15% faster than two indices and a store of 0 per cell.
      const shift = y * (w + rowPad) + rowPad - row;
      const end = row + Math.min(to, w);
      const flags = y * blocks;
      let sum = 0;
      for (let b = from >> BLOCK_SHIFT, i = row + from; i < end; b++) {
        const blockEnd = Math.min(row + ((b + 1) << BLOCK_SHIFT), end);
        if (touched[flags + b] === 0) {
          // Every cell 0: the sum, and so the pixel, is the same all along the block.
          const c0 = sum < 0 ? -sum : sum;
          if (c0 >= 0.5 / 255) {
            const v = table[c0 >= 2 ? 511 : (c0 * 255 + 0.5) | 0] as number;
            for (; i < blockEnd; i++) out[i + shift] = v;
          } else i = blockEnd;
          continue;
        }
        for (; i < blockEnd; i++) {
          sum += acc[i] as number;
          const c = sum < 0 ? -sum : sum;
          // Most cells are empty (outside the shapes, inside the ring): nothing to write there.
          if (c >= 0.5 / 255) out[i + shift] = table[c >= 2 ? 511 : (c * 255 + 0.5) | 0] as number;
        }
      }
      touched.fill(0, flags, flags + blocks);
      acc.fill(0, row + from, row + to);
      this.#rowMin[y] = stride;
      this.#rowMax[y] = 0;
    }
  }
}
