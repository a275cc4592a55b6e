/**
 * Per row, the columns that can hold ink: [lo, hi) around every pixel with strength above 0.
 * Most of a crop is paper at strength 0, so the passes after the strength map (the local-ink
 * scale, the pieces, the seal's frame, the paint) walk only these spans. Outside them every
 * pass would have read zeros and written nothing, so the result is the same.
 */
import type { Active } from './active';
import type { Workspace } from './workspace';

export interface Spans {
  /** First column with strength above 0, per row (width when the row is empty). */
  lo: Int32Array;
  /** One past the last such column (0 when the row is empty). */
  hi: Int32Array;
}

export function spansFor(ws: Workspace, height: number): Spans {
  return { lo: ws.i32('spanLo', height), hi: ws.i32('spanHi', height) };
}

/**
 * Per row, the runs of columns with strength above 0 (in the shape of active.ts's runs), as the
 * strength sweep left them (strength.ts). About half of the active pixels within the spans are
 * paper at 0 between strokes: the passes that skip pixels at 0 walk these runs instead, and see
 * the same pixels. Later stages only ever lower strength to 0 (the print-rim test, the local
 * scale's rims), so the runs still hold every pixel above 0; the luma shape (soft-shape.ts)
 * raises pixels at 0 and is followed by the active runs again. At most every other column of a
 * row starts a run.
 */
export function inkRunsFor(ws: Workspace, width: number, height: number): Active {
  return {
    start: ws.i32('inkStart', height + 1),
    lo: ws.i32('inkLo', height * Math.ceil(width / 2)),
    hi: ws.i32('inkHi', height * Math.ceil(width / 2)),
  };
}

/**
 * Fills `spans` from a strength map by scanning each row in from both ends: along the row's runs
 * of `active` when given (strength is 0 outside them: the first and last pixel above 0 are in
 * them), else along the whole row.
 */
export function findSpans(
  strength: Float32Array,
  width: number,
  height: number,
  spans: Spans,
  active: Active | null = null,
): void {
  const { lo, hi } = spans;
  if (active !== null) {
    const { start, lo: runLo, hi: runHi } = active;
    for (let y = 0; y < height; y++) {
      const row = y * width;
      const s0 = start[y] as number;
      const s1 = start[y + 1] as number;
      let a = width;
      for (let s = s0; s < s1 && a === width; s++) {
        for (let x = runLo[s] as number, end = runHi[s] as number; x < end; x++) {
          if ((strength[row + x] as number) > 0) {
            a = x;
            break;
          }
        }
      }
      let b = 0;
      if (a < width) {
        for (let s = s1 - 1; s >= s0 && b === 0; s--) {
          for (let x = (runHi[s] as number) - 1, end = runLo[s] as number; x >= end; x--) {
            if ((strength[row + x] as number) > 0) {
              b = x + 1;
              break;
            }
          }
        }
      }
      lo[y] = a;
      hi[y] = b;
    }
    return;
  }
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let a = 0;
    while (a < width && (strength[row + a] as number) <= 0) a++;
    let b = width;
    if (a < width) while ((strength[row + b - 1] as number) <= 0) b--;
    else b = 0;
    lo[y] = a;
    hi[y] = b;
  }
}
