import type { Point, Quad } from './units';

/**
 * Plane geometry for the layout, unit-agnostic (the layout works in millimetres).
 * Angles follow the canvas: 0 is straight up from the seal's centre and they grow clockwise.
 */

/**
 * The length of (x, y). Not Math.hypot: V8 does not inline it, so each call was a builtin call
 * and a boxed result (measured: an eighth of a seal's garbage); the layout and the curve
 * flattening need no protection from overflow.
 */
export function length(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

/** Unit vector pointing from the centre towards polar angle `phi`. */
export function radial(phi: number): Point {
  return { x: Math.sin(phi), y: -Math.cos(phi) };
}

export function polar(r: number, phi: number): Point {
  const u = radial(phi);
  return { x: r * u.x, y: r * u.y };
}

/** A glyph's placement: its box centre, rotation and box size, and its text anchor. */
export interface GlyphGeometry {
  /** Point on the baseline at the glyph's horizontal centre (textAlign center, alphabetic baseline). */
  readonly anchor: Point;
  readonly corners: Quad;
}

/**
 * Places a glyph box of half-size (halfW, halfH) centred at `centre`, rotated by `theta` (the glyph's
 * up direction turned clockwise from screen-up). `baselineBelowCentre` is how far the baseline sits
 * below the box centre in the glyph's own frame.
 */
export function placeGlyph(
  centre: Point,
  theta: number,
  halfW: number,
  halfH: number,
  baselineBelowCentre: number,
): GlyphGeometry {
  const upX = Math.sin(theta);
  const upY = -Math.cos(theta);
  const rightX = Math.cos(theta);
  const rightY = Math.sin(theta);
  // No closure here: the layout's size searches place glyphs thousands of times a seal. The same
  // arithmetic as radial(theta) and a point helper gave, so the same numbers.
  const cx = centre.x;
  const cy = centre.y;
  return {
    anchor: { x: cx + upX * -baselineBelowCentre, y: cy + upY * -baselineBelowCentre },
    corners: [
      { x: cx + rightX * -halfW + upX * halfH, y: cy + rightY * -halfW + upY * halfH },
      { x: cx + rightX * halfW + upX * halfH, y: cy + rightY * halfW + upY * halfH },
      { x: cx + rightX * halfW + upX * -halfH, y: cy + rightY * halfW + upY * -halfH },
      { x: cx + rightX * -halfW + upX * -halfH, y: cy + rightY * -halfW + upY * -halfH },
    ],
  };
}

/**
 * True when two convex quads come closer than `gap` along every edge normal (separating-axis test).
 * A separation of `gap` along one axis guarantees at least that Euclidean distance, so the answer errs
 * on the safe side. Allocation-free: the title's size search calls this tens of thousands of times a
 * seal (it was a third of the layout's time), with the same arithmetic as before, in the same order.
 */
export function quadsTooClose(a: Quad, b: Quad, gap = 0): boolean {
  return !(separatedAlongEdgesOf(a, a, b, gap) || separatedAlongEdgesOf(b, a, b, gap));
}

/** True when some edge normal of `q` separates `a` and `b` by at least `gap`. */
function separatedAlongEdgesOf(q: Quad, a: Quad, b: Quad, gap: number): boolean {
  for (let i = 0; i < 4; i++) {
    const p = q[i] as Point;
    const n = q[(i + 1) % 4] as Point;
    const len = length(n.x - p.x, n.y - p.y);
    if (len === 0) continue;
    const ax = -(n.y - p.y) / len;
    const ay = (n.x - p.x) / len;
    let aLo = Number.POSITIVE_INFINITY;
    let aHi = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 4; k++) {
      const c = a[k] as Point;
      const d = c.x * ax + c.y * ay;
      aLo = Math.min(aLo, d);
      aHi = Math.max(aHi, d);
    }
    let bLo = Number.POSITIVE_INFINITY;
    let bHi = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < 4; k++) {
      const c = b[k] as Point;
      const d = c.x * ax + c.y * ay;
      bLo = Math.min(bLo, d);
      bHi = Math.max(bHi, d);
    }
    if (aHi + gap <= bLo || bHi + gap <= aLo) return true;
  }
  return false;
}

/** Largest distance of a quad's corners from the origin. */
export function maxRadius(q: Quad): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const p of q) max = Math.max(max, length(p.x, p.y));
  return max;
}

/**
 * Largest value in [lo, hi] for which the monotone predicate `ok` holds (ok(lo) is assumed true).
 * A fixed number of halvings keeps the result deterministic.
 */
export function largestFitting(lo: number, hi: number, ok: (v: number) => boolean): number {
  if (ok(hi)) return hi;
  let good = lo;
  let bad = hi;
  for (let i = 0; i < 40; i++) {
    const mid = (good + bad) / 2;
    if (ok(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

/** Picks the widest scale, then the largest size, for which `fits` holds. */
export function chooseSize(
  emMax: number,
  emMin: number,
  sMax: number,
  sMin: number,
  fits: (em: number, s: number) => boolean,
): { em: number; s: number } {
  if (fits(emMax, sMax)) return { em: emMax, s: sMax };
  if (fits(emMax, sMin)) return { em: emMax, s: largestFitting(sMin, sMax, (s) => fits(emMax, s)) };
  return { em: largestFitting(emMin, emMax, (em) => fits(em, sMin)), s: sMin };
}
