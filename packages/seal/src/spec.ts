import { type Mm, mm } from './units';

/** Diameter of the standard round official seal, outer edge of the border. */
export const SEAL_SIZE_MM = 42;

/** What a seal says. Callers validate with ZCreateSeal first; the layout copes with any string. */
export interface SealSpec {
  name: string;
  title?: string;
  code?: string;
}

/**
 * Physical geometry of the 42 mm seal (DESIGN §5). Fixed by the standard or by how real seals look;
 * everything that depends on the text's length is computed in layout.ts.
 */
export const SEAL_MM = {
  outerRadius: mm(SEAL_SIZE_MM / 2),
  borderWidth: mm(1.2),
  /** Radius of the star's circumscribed circle: 14 mm from one side of it to the other. */
  starRadius: mm(7),
  /** Gap every glyph box keeps from the border's inner edge. */
  borderClearance: mm(0.85),
  /** Transparent margin round the seal on the canvas, as a fraction of the canvas, so the
   * anti-aliased border is never clipped. */
  canvasMarginFraction: 1 / 128,
} as const;

/** Radius of the border's inner edge. */
export function innerEdgeRadius(): Mm {
  return mm(SEAL_MM.outerRadius - SEAL_MM.borderWidth);
}

/** Radius no glyph box corner may pass. */
export function textLimitRadius(): Mm {
  return mm(innerEdgeRadius() - SEAL_MM.borderClearance);
}

const chars = (s: string | undefined) => Array.from(s ?? '');

/**
 * Every distinct character drawSeal will draw for this spec (name, title and code), for preloading
 * fonts. The code is drawn in the code font, so the browser loads it with codeFont() as well.
 */
export function sealCharacters(spec: SealSpec): string {
  return [...new Set([...chars(spec.name), ...chars(spec.title), ...chars(spec.code)])].join('');
}
