import type { Point, Quad } from './units';

/**
 * Plane geometry for the layout, unit-agnostic (the layout works in millimetres).
 * Angles follow the canvas: 0 is straight up from the seal's centre and they grow clockwise.
 */

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
  const up = radial(theta);
  const right = { x: Math.cos(theta), y: Math.sin(theta) };
  const at = (dx: number, dy: number): Point => ({
    x: centre.x + right.x * dx + up.x * dy,
    y: centre.y + right.y * dx + up.y * dy,
  });
  return {
    anchor: at(0, -baselineBelowCentre),
    corners: [at(-halfW, halfH), at(halfW, halfH), at(halfW, -halfH), at(-halfW, -halfH)],
  };
}

function project(q: Quad, axis: Point): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const p of q) {
    const d = p.x * axis.x + p.y * axis.y;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
  }
  return [lo, hi];
}

/**
 * True when two convex quads come closer than `gap` along every edge normal (separating-axis test).
 * A separation of `gap` along one axis guarantees at least that Euclidean distance, so the answer errs
 * on the safe side.
 */
export function quadsTooClose(a: Quad, b: Quad, gap = 0): boolean {
  for (const q of [a, b]) {
    for (let i = 0; i < 4; i++) {
      const p = q[i] as Point;
      const n = q[(i + 1) % 4] as Point;
      const len = Math.hypot(n.x - p.x, n.y - p.y);
      if (len === 0) continue;
      const axis = { x: -(n.y - p.y) / len, y: (n.x - p.x) / len };
      const [aLo, aHi] = project(a, axis);
      const [bLo, bHi] = project(b, axis);
      if (aHi + gap <= bLo || bHi + gap <= aLo) return false;
    }
  }
  return true;
}

/** Largest distance of a quad's corners from the origin. */
export function maxRadius(q: Quad): number {
  return Math.max(...q.map((p) => Math.hypot(p.x, p.y)));
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
