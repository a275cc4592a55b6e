import type { Point } from './units';

/**
 * Ellipse geometry for the oval seal, unit-agnostic, centred on the origin. Parameter t follows the
 * layout's angles: 0 is straight up and it grows clockwise; the point is (a sin t, -b cos t).
 */

export function ellipsePoint(a: number, b: number, t: number): Point {
  return { x: a * Math.sin(t), y: -b * Math.cos(t) };
}

/** Outward unit normal at parameter t. */
export function ellipseNormal(a: number, b: number, t: number): Point {
  const nx = Math.sin(t) / a;
  const ny = -Math.cos(t) / b;
  const len = Math.hypot(nx, ny);
  return { x: nx / len, y: ny / len };
}

/** Value of x²/a² + y²/b²: below 1 inside. */
export function ellipseLevel(a: number, b: number, p: Point): number {
  return (p.x / a) ** 2 + (p.y / b) ** 2;
}

/**
 * Distance from a point inside to the ellipse: a coarse scan, then a narrowing search round the
 * best sample. Deterministic (fixed steps).
 */
export function distanceInside(a: number, b: number, p: Point): number {
  const d = (t: number) => {
    const q = ellipsePoint(a, b, t);
    return Math.hypot(q.x - p.x, q.y - p.y);
  };
  const n = 96;
  let best = 0;
  let bestD = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const t = (i / n) * 2 * Math.PI;
    const v = d(t);
    if (v < bestD) {
      bestD = v;
      best = t;
    }
  }
  let lo = best - (2 * Math.PI) / n;
  let hi = best + (2 * Math.PI) / n;
  for (let i = 0; i < 40; i++) {
    const m1 = lo + (hi - lo) / 3;
    const m2 = hi - (hi - lo) / 3;
    if (d(m1) < d(m2)) hi = m2;
    else lo = m1;
  }
  return Math.min(bestD, d((lo + hi) / 2));
}

/** Arc length table from t = -π to π in `steps` equal parameter steps. */
export function arcLengths(a: number, b: number, steps = 1440): { t: number[]; s: number[] } {
  const t: number[] = [];
  const s: number[] = [];
  let acc = 0;
  let prev = ellipsePoint(a, b, -Math.PI);
  for (let i = 0; i <= steps; i++) {
    const ti = -Math.PI + (i / steps) * 2 * Math.PI;
    const p = ellipsePoint(a, b, ti);
    acc += Math.hypot(p.x - prev.x, p.y - prev.y);
    prev = p;
    t.push(ti);
    s.push(acc);
  }
  return { t, s };
}

/** Parameter at arc length `target` of a table from arcLengths (linear between samples). */
export function paramAtLength(table: { t: number[]; s: number[] }, target: number): number {
  const { t, s } = table;
  let lo = 0;
  let hi = s.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((s[mid] as number) < target) lo = mid;
    else hi = mid;
  }
  const s0 = s[lo] as number;
  const s1 = s[hi] as number;
  const f = s1 > s0 ? (target - s0) / (s1 - s0) : 0;
  return (t[lo] as number) + f * ((t[hi] as number) - (t[lo] as number));
}

/** Arc length at parameter t (linear between samples). */
export function lengthAtParam(table: { t: number[]; s: number[] }, at: number): number {
  const steps = table.t.length - 1;
  const f = ((at + Math.PI) / (2 * Math.PI)) * steps;
  const i = Math.max(0, Math.min(steps - 1, Math.floor(f)));
  const s0 = table.s[i] as number;
  const s1 = table.s[i + 1] as number;
  return s0 + (f - i) * (s1 - s0);
}
