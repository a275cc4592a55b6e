/** Limits shared by the browser and the server. Every rule of SPEC §5 and §9 that is a number. */
export const LIMITS = {
  /** Seal name, in characters (code points). */
  nameMax: 30,
  titleMax: 8,
  codeMax: 18,
  /** The seal is generated while typing only once the trimmed name has this many characters. */
  nameMinToGenerate: 4,
  feedbackMax: 60,
  imageMaxBytes: 5 * 1024 * 1024,
  pdfMaxBytes: 100 * 1024 * 1024,
} as const;

/** Seal canvas edge in pixels (SPEC §9). */
export const SEAL_CANVAS_PX = 512;

/** Length in user-perceived characters as the limits count them (code points, not UTF-16 units). */
export function charCount(s: string): number {
  return Array.from(s).length;
}
