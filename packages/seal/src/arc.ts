import { chooseSize, placeGlyph, polar } from './geometry';
import { CODE_FACE, codeAdvance, SEAL_FACE } from './metrics';
import { SEAL_MM, textLimitRadius } from './spec';
import { degToRad, type Mm, mm, type Point, type Quad, type Radians, rad } from './units';

/**
 * Text along the seal's arcs: the name along the top, the anti-fake code along the bottom.
 * Lengths are millimetres on the seal, centred on the seal's centre.
 *
 * Each glyph box, turned to face the centre, fills an angular sector; its inner corners are the
 * widest part of it. Keeping neighbouring sectors apart therefore keeps the boxes apart, which
 * is what the arc solvers below do.
 */

export interface ArcGlyph {
  readonly char: string;
  readonly anchor: Point<Mm>;
  /** Rotation of the glyph's up direction, clockwise from screen-up. */
  readonly angle: Radians;
  readonly corners: Quad<Mm>;
}

export interface ArcRun {
  readonly glyphs: ArcGlyph[];
  readonly em: Mm;
  readonly hScale: number;
  /** Angle from the first glyph's centre to the last one's. */
  readonly span: Radians;
  /** Half the angle the run covers, box edges included, measured from its middle. */
  readonly halfExtent: Radians;
  /** Whether the run fits the room it was given (the code may not, beside a very long name). */
  readonly fits: boolean;
}

export const NAME_TEXT = {
  /** Font size; typical ink is about 0.94 of it, the box (SEAL_FACE) 0.97. */
  emMax: mm(7),
  emMin: mm(2.5),
  hScaleMax: 0.9,
  hScaleMin: 0.45,
  /** Room between neighbouring boxes at their inner corners, in em. */
  gapEm: 0.05,
  /** Room between the name and the star's circle. */
  starGap: mm(1),
} as const;

export const CODE_TEXT = {
  emMax: mm(2.4),
  emMin: mm(1.6),
  hScaleMax: 1,
  hScaleMin: 0.75,
  gapEm: 0.12,
  /** Angle kept free between the ends of the name and of the code. */
  nameGap: degToRad(3),
  /** The code stays at the bottom even beside a short name: at most this far either side. */
  maxHalfExtent: degToRad(55),
} as const;

/** The room the arcs get: round seals of other sizes and options pass their own. */
export interface ArcRoom {
  /** Radius no glyph box corner may pass. */
  readonly limit: number;
  /** Radius the name's boxes keep outside of (the star's circle plus a gap, or an inner ring). */
  readonly nameInner: number;
  readonly nameEmMax: number;
  readonly nameGapEm: number;
  readonly codeEmMax: number;
}

/** The 42 mm official seal's room (DESIGN §5). */
export function defaultArcRoom(): ArcRoom {
  return {
    limit: textLimitRadius(),
    nameInner: SEAL_MM.starRadius + NAME_TEXT.starGap,
    nameEmMax: NAME_TEXT.emMax,
    nameGapEm: NAME_TEXT.gapEm,
    codeEmMax: CODE_TEXT.emMax,
  };
}

/** Pitch of short names, which sit round the top rather than reaching down the sides. */
const SHORT_NAME_PITCH_DEG = 40;

/**
 * Angle between the first and last glyph centres of a name of `n` characters. Short names keep a
 * fixed pitch round the top; from six or seven characters the span grows from 210 to 270 degrees,
 * reaching it at twenty.
 */
export function nameSpan(n: number): Radians {
  if (n < 2) return rad(0);
  const grown = 210 + (60 * Math.min(Math.max(n - 4, 0), 16)) / 16;
  return degToRad(Math.min((n - 1) * SHORT_NAME_PITCH_DEG, grown));
}

/** The name along the top arc, centred on the top, reading clockwise. */
export function layoutNameArc(
  chars: readonly string[],
  span: Radians,
  room: ArcRoom = defaultArcRoom(),
): ArcRun {
  const n = chars.length;
  const limit = room.limit;
  const step = n > 1 ? span / (n - 1) : 0;
  const faceHeight = SEAL_FACE.top - SEAL_FACE.bottom;
  const shape = (em: number, s: number) => {
    const h = ((1 - 2 * SEAL_FACE.inset) / 2) * em * s;
    // The outer corners, not the middle of the outer edge, are what come closest to the border.
    const rOut = Math.sqrt(limit * limit - h * h);
    return { h, rOut, rIn: rOut - faceHeight * em };
  };
  const fits = (em: number, s: number) => {
    const { h, rIn } = shape(em, s);
    if (rIn < room.nameInner) return false;
    return n < 2 || h + (room.nameGapEm * em) / 2 <= rIn * Math.tan(step / 2);
  };
  const { em, s } = chooseSize(
    room.nameEmMax,
    Math.min(NAME_TEXT.emMin, room.nameEmMax),
    NAME_TEXT.hScaleMax,
    NAME_TEXT.hScaleMin,
    fits,
  );
  const { h, rOut, rIn } = shape(em, s);
  const halfH = (faceHeight * em) / 2;
  const baselineBelowCentre = ((SEAL_FACE.top + SEAL_FACE.bottom) / 2) * em;
  const glyphs = chars.map((char, i) => {
    const phi = -span / 2 + i * step;
    const g = placeGlyph(polar(rOut - halfH, phi), phi, h, halfH, baselineBelowCentre);
    return { char, anchor: g.anchor, angle: rad(phi), corners: g.corners } as ArcGlyph;
  });
  return {
    glyphs,
    em: mm(em),
    hScale: s,
    span,
    halfExtent: rad(n ? span / 2 + Math.atan(h / rIn) : 0),
    fits: fits(em, s),
  };
}

/**
 * The anti-fake code along the bottom arc, reading left to right, glyph tops towards the centre,
 * as real seals print it, within `maxHalfExtent` either side of the bottom. Characters take their
 * own advance, so a narrow "1" or "I" does not leave a hole. When even the smallest size does not
 * fit, the smallest layout comes back with `fits: false`.
 */
export function layoutCodeArc(
  chars: readonly string[],
  maxHalfExtent: number,
  room: ArcRoom = defaultArcRoom(),
): ArcRun {
  const limit = room.limit;
  const faceHeight = CODE_FACE.top - CODE_FACE.bottom;
  const shape = (em: number, s: number) => {
    const halves = chars.map((c) => (codeAdvance(c) * em * s) / 2);
    const hMax = Math.max(0, ...halves);
    const rOut = Math.sqrt(limit * limit - hMax * hMax);
    const rIn = rOut - faceHeight * em;
    const gap = CODE_TEXT.gapEm * em;
    const sectors = halves.map((h) => Math.atan((h + gap / 2) / rIn));
    const total = sectors.reduce((a, b) => a + b, 0) * 2;
    return { halves, rOut, sectors, total };
  };
  const extent = Math.min(maxHalfExtent, CODE_TEXT.maxHalfExtent);
  const fits = (em: number, s: number) => shape(em, s).total / 2 <= extent;
  const { em, s } = chooseSize(
    room.codeEmMax,
    Math.min(CODE_TEXT.emMin, room.codeEmMax),
    CODE_TEXT.hScaleMax,
    CODE_TEXT.hScaleMin,
    fits,
  );
  const { halves, rOut, sectors, total } = shape(em, s);
  const halfH = (faceHeight * em) / 2;
  const baselineBelowCentre = ((CODE_FACE.top + CODE_FACE.bottom) / 2) * em;
  // Start at the lower left (just past the bottom, going clockwise means leftwards) and walk right.
  let phi = Math.PI + total / 2;
  const glyphs = chars.map((char, i) => {
    const sector = sectors[i] ?? 0;
    phi -= sector;
    const theta = phi - Math.PI;
    const g = placeGlyph(
      polar(rOut - halfH, phi),
      theta,
      halves[i] ?? 0,
      halfH,
      baselineBelowCentre,
    );
    phi -= sector;
    return { char, anchor: g.anchor, angle: rad(theta), corners: g.corners } as ArcGlyph;
  });
  const first = sectors[0] ?? 0;
  const last = sectors[sectors.length - 1] ?? 0;
  return {
    glyphs,
    em: mm(em),
    hScale: s,
    span: rad(Math.max(0, total - first - last)),
    halfExtent: rad(total / 2),
    fits: fits(em, s),
  };
}
