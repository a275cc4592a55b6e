/**
 * Content-stream syntax for the image draws the engine appends (update-writer.ts places them on
 * pages): each draw in its own q/Q, clipped first when asked, numbers without exponents.
 */
import type { Matrix, Rect } from './geometry';

export interface Draw<Ref> {
  readonly image: Ref;
  readonly matrix: Matrix;
  /** Clip to this user-space rectangle first (the page, or a paging-seal strip). */
  readonly clip?: Rect | undefined;
}

export const NAME_PREFIX = 'YzImg';
/** The page's own content, made a form XObject when a reader would stop drawing inside it. */
export const PAGE_FORM_PREFIX = 'YzPage';

/** A number as PDF content syntax: no exponent, at most 4 decimals, no "-0". */
export function num(n: number): string {
  const r = Math.round(n * 1e4) / 1e4;
  if (Object.is(r, -0) || r === 0) return '0';
  return Number.isInteger(r) ? String(r) : r.toFixed(4).replace(/0+$/, '');
}

/**
 * The content stream that draws `draws` by their XObject names, each in its own q/Q, clipped
 * first when asked. `closing`: what ends the page's own content first (see content-scan.ts), empty
 * when the page had none.
 */
export function drawSource(
  draws: readonly {
    readonly name: string;
    readonly matrix: Matrix;
    readonly clip?: Rect | undefined;
  }[],
  closing: string,
): string {
  const ops: string[] = [];
  for (const d of draws) {
    ops.push('q');
    if (d.clip) {
      const { llx, lly, urx, ury } = d.clip;
      ops.push(`${num(llx)} ${num(lly)} ${num(urx - llx)} ${num(ury - lly)} re W n`);
    }
    ops.push(`${d.matrix.map(num).join(' ')} cm /${d.name} Do Q`);
  }
  return `${closing}${ops.join('\n')}\n`;
}
