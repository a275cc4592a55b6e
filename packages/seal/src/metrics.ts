/**
 * Font metrics the pure layout needs without a canvas to measure with. Values are fractions of the
 * em, read from the shipped files; test/fonts.test.ts checks them against the files.
 */

/**
 * Where Noto Serif SC Bold puts its ink, in em from the baseline, over every character of GB 2312
 * level 1 (measured; test/fonts.test.ts re-measures). The layout uses this as each glyph's box, so
 * boxes that keep apart mean ink that keeps apart. It is a little taller than the font's
 * ideographic face (-0.09..0.85) because some glyphs overshoot it. Latin descenders (g, y) in a
 * name reach a little lower, towards the star, which has room to spare.
 */
export const SEAL_FACE = {
  bottom: -0.105,
  top: 0.866,
  /** Horizontal inset of the ink on each side of the 1 em advance: some glyphs use all of it. */
  inset: 0,
} as const;

/**
 * Arimo Bold (metric-compatible with Arial Bold) for the anti-fake code: advance widths of the
 * characters the code may hold, and the vertical extent of all of them (descenders to ascenders).
 */
export const CODE_FACE = {
  bottom: -0.212,
  top: 0.725,
} as const;

const ARIMO_UNITS = 2048;
// biome-ignore format: a table reads better in rows
const ARIMO_ADVANCES: Readonly<Record<string, number>> = {
  '0': 1139, '1': 1139, '2': 1139, '3': 1139, '4': 1139, '5': 1139, '6': 1139, '7': 1139, '8': 1139,
  '9': 1139, A: 1479, B: 1479, C: 1479, D: 1479, E: 1366, F: 1251, G: 1593, H: 1479, I: 569, J: 1139,
  K: 1479, L: 1251, M: 1706, N: 1479, O: 1593, P: 1366, Q: 1593, R: 1479, S: 1366, T: 1251, U: 1479,
  V: 1366, W: 1933, X: 1366, Y: 1366, Z: 1251, a: 1139, b: 1251, c: 1139, d: 1251, e: 1139, f: 682,
  g: 1251, h: 1251, i: 569, j: 569, k: 1139, l: 569, m: 1821, n: 1251, o: 1251, p: 1251, q: 1251,
  r: 797, s: 1139, t: 682, u: 1251, v: 1139, w: 1593, x: 1139, y: 1139, z: 1024,
};

/** Advance of a code character in em; anything unexpected gets the widest advance, to stay safe. */
export function codeAdvance(ch: string): number {
  return (ARIMO_ADVANCES[ch] ?? 1933) / ARIMO_UNITS;
}

/** The table itself, for the test that compares it with the font file. */
export function codeAdvanceTable(): Readonly<Record<string, number>> {
  return ARIMO_ADVANCES;
}
