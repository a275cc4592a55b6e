/** Small seeded PRNG (mulberry32) so that every synthetic photo is reproducible from its seed. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number;
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  /** Standard normal. */
  gauss(): number;
  /** Standard normal from a fixed table: coarser but much faster, for per-pixel noise. */
  fastGauss(): number;
  chance(p: number): boolean;
}

const NORMALS = 1 << 16;
let table: Float32Array | undefined;

/** A fixed table of standard normals (drawn once from a fixed seed): an index draws a normal. */
function normals(): Float32Array {
  if (table) return table;
  table = new Float32Array(NORMALS);
  const g = rng(0x5eed);
  for (let i = 0; i < NORMALS; i++) table[i] = g.gauss();
  return table;
}

export function rng(seed: number): Rng {
  let state = (seed * 0x9e3779b1) >>> 0 || 1;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Box-Muller gives two normals per draw; keep the second for the next call.
  let spare = Number.NaN;
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => lo + Math.floor((hi - lo + 1) * next()),
    pick: (items) => items[Math.floor(items.length * next())] as (typeof items)[number],
    gauss: () => {
      if (!Number.isNaN(spare)) {
        const v = spare;
        spare = Number.NaN;
        return v;
      }
      const m = Math.sqrt(-2 * Math.log(Math.max(1e-12, next())));
      const a = 2 * Math.PI * next();
      spare = m * Math.sin(a);
      return m * Math.cos(a);
    },
    chance: (p) => next() < p,
    fastGauss: () => normals()[Math.floor(next() * NORMALS)] as number,
  };
}
