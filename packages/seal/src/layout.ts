import {
  type ArcGlyph,
  type ArcRoom,
  CODE_TEXT,
  defaultArcRoom,
  layoutCodeArc,
  layoutNameArc,
  nameSpan,
} from './arc';
import { SEAL_CANVAS_PX } from './limits';
import { SEAL_MM, SEAL_SIZE_MM, type SealSpec } from './spec';
import { defaultTitleRoom, layoutTitle, type TitleGlyph, type TitleRoom } from './title';
import {
  degToRad,
  type Mm,
  mmToPx,
  type Point,
  type Px,
  type PxPerMm,
  type Quad,
  type Radians,
  rad,
} from './units';

/**
 * The seal as a drawing plan: everything drawSeal paints, in canvas pixels. Pure: no canvas, no
 * fonts, so the browser, the server and the tests all get the same numbers.
 */

export interface SealGlyph {
  readonly char: string;
  /** Text anchor: on the baseline, at the glyph's horizontal centre (textAlign center, alphabetic). */
  readonly x: Px;
  readonly y: Px;
  /** Rotation of the glyph's up direction, clockwise from screen-up. */
  readonly angle: Radians;
  readonly fontSizePx: Px;
  /** Horizontal compression applied after rotating (1 = the font's own width). */
  readonly hScale: number;
  /** The glyph's box, rotated: ink stays inside it. */
  readonly box: Quad<Px>;
}

export interface SealTextRun {
  readonly glyphs: readonly SealGlyph[];
  readonly fontSizePx: Px;
  readonly hScale: number;
}

export interface SealLayout {
  readonly sizePx: Px;
  readonly pxPerMm: PxPerMm;
  readonly centre: Point<Px>;
  readonly border: {
    /** Radius of the stroke's centre line. */
    readonly radius: Px;
    readonly lineWidth: Px;
    readonly innerRadius: Px;
    readonly outerRadius: Px;
  };
  readonly star: {
    readonly centre: Point<Px>;
    readonly outerRadius: Px;
    readonly innerRadius: Px;
    /** 0 = one point straight up. */
    readonly rotation: Radians;
    /** The ten corners, outer and inner alternating, starting with the top point. */
    readonly points: readonly Point<Px>[];
  };
  /** Along the top arc; `span` is the angle between the first and last glyph centres. */
  readonly name: SealTextRun & { readonly span: Radians };
  /** One horizontal line under the star, or null without a title. */
  readonly title: (SealTextRun & { readonly baselineY: Px }) | null;
  /** Along the bottom arc, or null without a code. */
  readonly code: (SealTextRun & { readonly span: Radians }) | null;
}

/** Inner points of a regular five-point star sit at this fraction of its outer radius. */
const STAR_INNER_RATIO = Math.cos(degToRad(72)) / Math.cos(degToRad(36));
/** The span is cut by this much at a time while the code cannot fit beside the name. */
const SPAN_STEP = degToRad(5);
const SPAN_MIN = degToRad(150);

/** Canvas pixels per seal millimetre, leaving the transparent margin round the border. */
export function pxPerMmFor(sizePx: number): PxPerMm {
  return ((sizePx * (1 - 2 * SEAL_MM.canvasMarginFraction)) / SEAL_SIZE_MM) as PxPerMm;
}

/** A round seal's physical geometry, in millimetres; the 42 mm official seal is the default. */
export interface RoundGeometry {
  readonly outerRadius: Mm;
  readonly borderWidth: Mm;
  /** 0: no star. */
  readonly starRadius: Mm;
  readonly arc: ArcRoom;
  readonly title: TitleRoom;
  /** The name's span, instead of the one its length gives. */
  readonly span?: Radians | undefined;
}

export function defaultRoundGeometry(): RoundGeometry {
  return {
    outerRadius: SEAL_MM.outerRadius,
    borderWidth: SEAL_MM.borderWidth,
    starRadius: SEAL_MM.starRadius,
    arc: defaultArcRoom(),
    title: defaultTitleRoom(),
  };
}

export function layoutSeal(spec: SealSpec, sizePx: number = SEAL_CANVAS_PX): SealLayout {
  return layoutRound(spec, defaultRoundGeometry(), sizePx);
}

/** layoutSeal for any round geometry (other diameters, borders, stars, text sizes). */
export function layoutRound(
  spec: SealSpec,
  geo: RoundGeometry,
  sizePx: number = SEAL_CANVAS_PX,
): SealLayout {
  const scale = ((sizePx * (1 - 2 * SEAL_MM.canvasMarginFraction)) /
    (2 * geo.outerRadius)) as PxPerMm;
  const half = sizePx / 2;
  const len = (v: Mm): Px => mmToPx(v, scale);
  const pt = (p: Point<Mm>): Point<Px> => ({
    x: (half + p.x * scale) as Px,
    y: (half + p.y * scale) as Px,
  });
  const box = (q: Quad<Mm>): Quad<Px> => [pt(q[0]), pt(q[1]), pt(q[2]), pt(q[3])];

  const nameChars = Array.from(spec.name);
  const codeChars = Array.from(spec.code ?? '');
  let span = geo.span ?? nameSpan(nameChars.length);
  let name = layoutNameArc(nameChars, span, geo.arc);
  let code = codeChars.length
    ? layoutCodeArc(codeChars, Math.PI - name.halfExtent - CODE_TEXT.nameGap, geo.arc)
    : null;
  // A long code beside a long name: give the code room by narrowing the name's arc.
  while (code && !code.fits && span > SPAN_MIN) {
    span = rad(Math.max(SPAN_MIN, span - SPAN_STEP));
    name = layoutNameArc(nameChars, span, geo.arc);
    code = layoutCodeArc(codeChars, Math.PI - name.halfExtent - CODE_TEXT.nameGap, geo.arc);
  }
  const arcBoxes = [...name.glyphs, ...(code?.glyphs ?? [])].map((g) => g.corners);
  const title = layoutTitle(Array.from(spec.title ?? ''), arcBoxes, geo.title);

  const arcGlyph =
    (em: Mm, hScale: number) =>
    (g: ArcGlyph): SealGlyph => ({
      char: g.char,
      ...pt(g.anchor),
      angle: g.angle,
      fontSizePx: len(em),
      hScale,
      box: box(g.corners),
    });
  const titleGlyph =
    (em: Mm, hScale: number) =>
    (g: TitleGlyph): SealGlyph => ({
      char: g.char,
      ...pt(g.anchor),
      angle: rad(0),
      fontSizePx: len(em),
      hScale,
      box: box(g.corners),
    });

  const centre = pt({ x: 0, y: 0 } as Point<Mm>);
  const starR = len(geo.starRadius);
  const starInner = starR * STAR_INNER_RATIO;
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? starR : starInner;
    const a = (i * Math.PI) / 5;
    return { x: (centre.x + r * Math.sin(a)) as Px, y: (centre.y - r * Math.cos(a)) as Px };
  });

  return {
    sizePx: sizePx as Px,
    pxPerMm: scale,
    centre,
    border: {
      radius: len((geo.outerRadius - geo.borderWidth / 2) as Mm),
      lineWidth: len(geo.borderWidth),
      innerRadius: len((geo.outerRadius - geo.borderWidth) as Mm),
      outerRadius: len(geo.outerRadius),
    },
    star: { centre, outerRadius: starR, innerRadius: starInner as Px, rotation: rad(0), points },
    name: {
      glyphs: name.glyphs.map(arcGlyph(name.em, name.hScale)),
      fontSizePx: len(name.em),
      hScale: name.hScale,
      span: name.span,
    },
    title: title && {
      glyphs: title.glyphs.map(titleGlyph(title.em, title.hScale)),
      fontSizePx: len(title.em),
      hScale: title.hScale,
      baselineY: (half + title.baselineY * scale) as Px,
    },
    code: code && {
      glyphs: code.glyphs.map(arcGlyph(code.em, code.hScale)),
      fontSizePx: len(code.em),
      hScale: code.hScale,
      span: code.span,
    },
  };
}
