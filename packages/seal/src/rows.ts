import { placeGlyph } from './geometry';
import { CODE_FACE, codeAdvance, SEAL_FACE } from './metrics';
import type { Point, Quad } from './units';

/** Horizontal lines of text (the oval's taxpayer number and title, the square's cells), in mm. */

export interface RowGlyph {
  readonly char: string;
  readonly anchor: Point;
  readonly corners: Quad;
}

export type RowFont = 'seal' | 'code';

const face = (font: RowFont) => (font === 'seal' ? SEAL_FACE : CODE_FACE);
const advance = (font: RowFont, ch: string) => (font === 'seal' ? 1 : codeAdvance(ch));

/** Height of a glyph box of size `em`. */
export function boxHeight(font: RowFont, em: number): number {
  const f = face(font);
  return (f.top - f.bottom) * em;
}

/**
 * One centred line of glyphs whose boxes' vertical middle is at `centreY`: each box is its
 * character's advance wide (times `s`), with `gapEm` between boxes.
 */
export function placeRow(
  chars: readonly string[],
  font: RowFont,
  em: number,
  s: number,
  gapEm: number,
  centreY: number,
  centreX = 0,
): RowGlyph[] {
  const f = face(font);
  const widths = chars.map((c) => advance(font, c) * em * s);
  const gap = gapEm * em;
  const total = widths.reduce((a, b) => a + b, 0) + gap * Math.max(0, chars.length - 1);
  const halfH = ((f.top - f.bottom) * em) / 2;
  const baselineBelowCentre = ((f.top + f.bottom) / 2) * em;
  let x = centreX - total / 2;
  return chars.map((char, i) => {
    const w = widths[i] ?? 0;
    const g = placeGlyph({ x: x + w / 2, y: centreY }, 0, w / 2, halfH, baselineBelowCentre);
    x += w + gap;
    return { char, anchor: g.anchor, corners: g.corners };
  });
}
