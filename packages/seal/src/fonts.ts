/**
 * The fonts a seal is drawn with. Both sides use the same files from @fontsource:
 * the browser through `@fontsource/noto-serif-sc/700.css` (unicode-range slices, loaded on demand),
 * the server by registering every .woff2 that stylesheet names under the same family.
 * Text must never fall back to another font, so the family stacks name nothing else.
 */
export const SEAL_FONT_FAMILY = 'Noto Serif SC';
export const SEAL_FONT_WEIGHT = 700;
export const CODE_FONT_FAMILY = 'Arimo';
export const CODE_FONT_WEIGHT = 700;

/** CSS font shorthand for the seal's CJK text at a pixel size. */
export function sealFont(px: number): string {
  return `${SEAL_FONT_WEIGHT} ${px}px "${SEAL_FONT_FAMILY}"`;
}

/** CSS font shorthand for the anti-fake code. */
export function codeFont(px: number): string {
  return `${CODE_FONT_WEIGHT} ${px}px "${CODE_FONT_FAMILY}"`;
}
