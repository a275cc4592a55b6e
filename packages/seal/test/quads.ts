/**
 * Geometry for the layout tests, written independently of src/geometry.ts so that the tests do
 * not check the layout with its own arithmetic.
 */
export interface P {
  x: number;
  y: number;
}
export type Poly = readonly P[];

const sub = (a: P, b: P): P => ({ x: a.x - b.x, y: a.y - b.y });
const dot = (a: P, b: P) => a.x * b.x + a.y * b.y;

/** Separating-axis test for convex polygons: true when their interiors intersect. */
export function convexOverlap(a: Poly, b: Poly): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const e = sub(poly[(i + 1) % poly.length] as P, poly[i] as P);
      const axis = { x: -e.y, y: e.x };
      const pa = a.map((p) => dot(p, axis));
      const pb = b.map((p) => dot(p, axis));
      if (Math.max(...pa) <= Math.min(...pb) || Math.max(...pb) <= Math.min(...pa)) return false;
    }
  }
  return true;
}

function segmentDistance(p: P, a: P, b: P): number {
  const ab = sub(b, a);
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / dot(ab, ab)));
  return Math.hypot(p.x - (a.x + t * ab.x), p.y - (a.y + t * ab.y));
}

function contains(poly: Poly, p: P): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i] as P;
    const b = poly[(i + 1) % poly.length] as P;
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross !== 0) {
      if (sign !== 0 && Math.sign(cross) !== sign) return false;
      sign = Math.sign(cross);
    }
  }
  return true;
}

/** Distance from a point to a convex polygon (0 inside). */
export function distanceToPoly(p: P, poly: Poly): number {
  if (contains(poly, p)) return 0;
  return Math.min(...poly.map((a, i) => segmentDistance(p, a, poly[(i + 1) % poly.length] as P)));
}

/** Smallest distance between two convex polygons that do not overlap. */
export function polyDistance(a: Poly, b: Poly): number {
  if (convexOverlap(a, b)) return 0;
  return Math.min(...a.map((p) => distanceToPoly(p, b)), ...b.map((p) => distanceToPoly(p, a)));
}

export function farthestFrom(c: P, poly: Poly): number {
  return Math.max(...poly.map((p) => Math.hypot(p.x - c.x, p.y - c.y)));
}
