import { chooseSize, maxRadius, placeGlyph, quadsTooClose } from './geometry';
import { SEAL_FACE } from './metrics';
import { SEAL_MM, textLimitRadius } from './spec';
import { type Mm, mm, type Point, type Quad } from './units';

/** The title (横排文字): one horizontal line under the star. Lengths in millimetres. */

export interface TitleGlyph {
  readonly char: string;
  readonly anchor: Point<Mm>;
  readonly corners: Quad<Mm>;
}

export interface TitleRun {
  readonly glyphs: TitleGlyph[];
  readonly em: Mm;
  readonly hScale: number;
  readonly baselineY: Mm;
}

export const TITLE_TEXT = {
  emMax: mm(5),
  emMin: mm(2),
  hScaleMax: 0.9,
  hScaleMin: 0.45,
  /** Room between neighbouring glyph boxes, in em. */
  gapEm: 0.06,
  /** Room between the star's circle and the top of the title. */
  starGap: mm(0.5),
  /** Room kept from the name and the code. */
  textGap: mm(0.6),
} as const;

/** Where the title may go: inside `limit`, its top at `top` below the centre. */
export interface TitleRoom {
  readonly limit: number;
  readonly top: number;
  readonly emMax: number;
  /** Room kept from the name and the code. */
  readonly gap: number;
}

export function defaultTitleRoom(): TitleRoom {
  return {
    limit: textLimitRadius(),
    top: SEAL_MM.starRadius + TITLE_TEXT.starGap,
    emMax: TITLE_TEXT.emMax,
    gap: TITLE_TEXT.textGap,
  };
}

function place(chars: readonly string[], em: number, s: number, top: number): TitleGlyph[] {
  const faceHeight = SEAL_FACE.top - SEAL_FACE.bottom;
  const width = em * s;
  const pitch = width + TITLE_TEXT.gapEm * em;
  const centreY = top + (faceHeight * em) / 2;
  const baselineBelowCentre = ((SEAL_FACE.top + SEAL_FACE.bottom) / 2) * em;
  return chars.map((char, i) => {
    const x = (i - (chars.length - 1) / 2) * pitch;
    const g = placeGlyph(
      { x, y: centreY },
      0,
      ((1 - 2 * SEAL_FACE.inset) / 2) * width,
      (faceHeight * em) / 2,
      baselineBelowCentre,
    );
    return { char, anchor: g.anchor, corners: g.corners } as TitleGlyph;
  });
}

/**
 * Lays the title out as wide as it may go, then narrower, then smaller, until it stays inside the
 * border and clear of `obstacles` (the name's and the code's glyph boxes). Returns null for no title.
 */
export function layoutTitle(
  chars: readonly string[],
  obstacles: readonly Quad[],
  room: TitleRoom = defaultTitleRoom(),
): TitleRun | null {
  if (chars.length === 0) return null;
  const limit = room.limit;
  const fits = (em: number, s: number) =>
    place(chars, em, s, room.top).every(
      (g) =>
        maxRadius(g.corners) <= limit &&
        obstacles.every((o) => !quadsTooClose(g.corners, o, room.gap)),
    );
  const { em, s } = chooseSize(
    room.emMax,
    Math.min(TITLE_TEXT.emMin, room.emMax),
    TITLE_TEXT.hScaleMax,
    TITLE_TEXT.hScaleMin,
    fits,
  );
  const glyphs = place(chars, em, s, room.top);
  return { glyphs, em: mm(em), hScale: s, baselineY: (glyphs[0] as TitleGlyph).anchor.y };
}
