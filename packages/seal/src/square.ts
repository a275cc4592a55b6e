import { completePersonalName, type SealDesign } from './design';
import { placeGlyph } from './geometry';
import type { SealGlyph } from './layout';
import { SEAL_FACE } from './metrics';
import {
  doubleLine,
  type PlanInput,
  planScale,
  type SealOutline,
  type SealPlan,
  TEXT_CLEARANCE_MM,
} from './plan';
import { type Point, type Px, type Quad, rad } from './units';

/**
 * The square personal seal (名章): the name completed to four characters (or three for a single
 * character), in two columns read from the right, top to bottom. Millimetres, centred.
 */

/** Room between the cells, as a fraction of the text area. */
const CELL_GAP = 0.05;

export interface SquareCell {
  readonly char: string;
  /** Column from the right (0 = right), row from the top. */
  readonly column: number;
  readonly row: number;
  /** Rows the cell spans (2 for the single name character of a three-character seal). */
  readonly rows: number;
}

/** Which cell each character goes in: right column first, top to bottom. */
export function squareCells(name: string): SquareCell[] {
  const chars = Array.from(completePersonalName(name));
  if (chars.length === 3) {
    return [
      { char: chars[0] as string, column: 0, row: 0, rows: 2 },
      { char: chars[1] as string, column: 1, row: 0, rows: 1 },
      { char: chars[2] as string, column: 1, row: 1, rows: 1 },
    ];
  }
  return chars.slice(0, 4).map((char, i) => ({ char, column: i >> 1, row: i & 1, rows: 1 }));
}

export function planSquare(spec: PlanInput, d: SealDesign, sizePx: number): SealPlan {
  const size = d.widthMm;
  const k = size / 20;
  const half = size / 2;
  const outlines: { half: number; w: number; r: number }[] = [
    { half: half - d.borderMm / 2, w: d.borderMm, r: 0.6 * k },
  ];
  let inner = half - d.borderMm;
  if (d.doubleBorder) {
    const line = doubleLine(d.borderMm, k);
    outlines.push({ half: inner - line.gap - line.width / 2, w: line.width, r: 0.3 * k });
    inner -= line.gap + line.width;
  }
  const clearance = TEXT_CLEARANCE_MM * k;
  const area = inner - clearance;
  const gap = (CELL_GAP + d.spacing / 2) * 2 * area;
  const cell = (2 * area - gap) / 2;
  const faceHeight = SEAL_FACE.top - SEAL_FACE.bottom;
  const baselineBelowCentre = (SEAL_FACE.top + SEAL_FACE.bottom) / 2;
  const scale = planScale(sizePx, size);
  const mid = sizePx / 2;
  const pt = (p: Point): Point<Px> => ({
    x: (mid + p.x * scale) as Px,
    y: (mid + p.y * scale) as Px,
  });
  const quad = (q: Quad): Quad<Px> => [pt(q[0]), pt(q[1]), pt(q[2]), pt(q[3])];
  const glyphs: SealGlyph[] = squareCells(spec.name).map((c) => {
    const height = c.rows * cell + (c.rows - 1) * gap;
    const em = (height / faceHeight) * Math.min(1, d.textScale);
    const s = Math.min(1, cell / em);
    const cx = area - cell / 2 - c.column * (cell + gap);
    const cy = -area + height / 2 + c.row * (cell + gap);
    const g = placeGlyph(
      { x: cx, y: cy },
      0,
      (em * s) / 2,
      (faceHeight * em) / 2,
      baselineBelowCentre * em,
    );
    return {
      char: c.char,
      ...pt(g.anchor),
      angle: rad(0),
      fontSizePx: (em * scale) as Px,
      hScale: s,
      box: quad(g.corners),
    };
  });
  const px = (v: number) => (v * scale) as Px;
  return {
    sizePx: sizePx as Px,
    pxPerMm: scale,
    centre: pt({ x: 0, y: 0 }),
    widthMm: size,
    heightMm: size,
    outlines: outlines.map(
      (o): SealOutline => ({
        kind: 'rect',
        halfWidth: px(o.half),
        halfHeight: px(o.half),
        cornerRadius: px(o.r),
        lineWidth: px(o.w),
      }),
    ),
    star: null,
    // One run per glyph: a tall cell's character has its own size.
    runs: glyphs.map((g) => ({ font: 'seal' as const, fontSizePx: g.fontSizePx, glyphs: [g] })),
    borderInner: { kind: 'rect', halfWidth: px(inner), halfHeight: px(inner) },
  };
}
