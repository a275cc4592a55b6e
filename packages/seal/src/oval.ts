import type { SealDesign } from './design';
import {
  arcLengths,
  distanceInside,
  ellipseLevel,
  ellipseNormal,
  ellipsePoint,
  lengthAtParam,
  paramAtLength,
} from './ellipse';
import { chooseSize, placeGlyph, quadsTooClose } from './geometry';
import type { SealGlyph } from './layout';
import { SEAL_FACE } from './metrics';
import {
  doubleLine,
  type PlanInput,
  planScale,
  type SealOutline,
  type SealPlan,
  type SealPlanRun,
  TEXT_CLEARANCE_MM,
} from './plan';
import { placeRow, type RowFont, type RowGlyph } from './rows';
import { degToRad, type Point, type Px, type Quad, rad } from './units';

/**
 * The oval seal (发票专用章, 40x30 mm): the name along the upper arc, the taxpayer number across
 * the middle in the code face, the title (发票专用章) on a line below it. Millimetres, centred.
 */

const OVAL = {
  /** Reference width the sizes below are for. */
  widthMm: 40,
  nameEmMax: 4.6,
  nameEmMin: 1.8,
  nameGapEm: 0.06,
  numberEmMax: 3.6,
  numberEmMin: 1.6,
  numberGapEm: 0.04,
  titleEmMax: 4.4,
  titleEmMin: 1.8,
  titleGapEm: 0.08,
  /** Room kept between the three parts. */
  partGap: 0.6,
  /** The number's middle sits this far below the centre, as a fraction of the inner half height. */
  numberY: 0.04,
} as const;

/** The name's span along the ellipse (parameter angle) for `n` characters. */
export function ovalNameSpan(n: number): number {
  if (n < 2) return 0;
  return degToRad(Math.min((n - 1) * 26, 130 + (60 * Math.min(Math.max(n - 4, 0), 16)) / 16));
}

interface ArcGlyphMm {
  char: string;
  anchor: Point;
  angle: number;
  corners: Quad;
}

function layoutOvalName(
  chars: readonly string[],
  a: number,
  b: number,
  clearance: number,
  span: number,
  d: SealDesign,
  k: number,
  innerLevel: (p: Point) => boolean,
): { glyphs: ArcGlyphMm[]; em: number; s: number } {
  const table = arcLengths(a, b);
  const n = chars.length;
  const sMid = lengthAtParam(table, 0);
  const half = lengthAtParam(table, span / 2) - sMid;
  const faceHeight = SEAL_FACE.top - SEAL_FACE.bottom;
  const baselineBelowCentre = (SEAL_FACE.top + SEAL_FACE.bottom) / 2;
  const place = (em: number, s: number): ArcGlyphMm[] =>
    chars.map((char, i) => {
      const target = n > 1 ? sMid - half + (2 * half * i) / (n - 1) : sMid;
      const t = paramAtLength(table, target);
      const edge = ellipsePoint(a, b, t);
      const normal = ellipseNormal(a, b, t);
      const theta = Math.atan2(normal.x, -normal.y);
      const halfW = (em * s) / 2;
      const halfH = (faceHeight * em) / 2;
      let depth = clearance + halfH;
      let g = placeGlyph(
        { x: edge.x - normal.x * depth, y: edge.y - normal.y * depth },
        theta,
        halfW,
        halfH,
        baselineBelowCentre * em,
      );
      // The outer corners come closest to the border where it curves: push the glyph in until
      // they keep the clearance too.
      for (let pass = 0; pass < 4; pass++) {
        const worst = Math.min(
          ...g.corners.map((p) => (ellipseLevel(a, b, p) >= 1 ? -1 : distanceInside(a, b, p))),
        );
        if (worst >= clearance) break;
        depth += clearance - worst + 0.001;
        g = placeGlyph(
          { x: edge.x - normal.x * depth, y: edge.y - normal.y * depth },
          theta,
          halfW,
          halfH,
          baselineBelowCentre * em,
        );
      }
      return { char, anchor: g.anchor, angle: theta, corners: g.corners };
    });
  const gapEm = OVAL.nameGapEm + d.spacing;
  const fits = (em: number, s: number) => {
    const gs = place(em, s);
    for (let i = 1; i < gs.length; i++) {
      const p = gs[i - 1] as ArcGlyphMm;
      const q = gs[i] as ArcGlyphMm;
      if (quadsTooClose(p.corners, q.corners, gapEm * em)) return false;
    }
    return gs.every((g) => g.corners.every((p) => !innerLevel(p)));
  };
  const emMax = OVAL.nameEmMax * k * d.textScale;
  const { em, s } = chooseSize(emMax, Math.min(OVAL.nameEmMin * k, emMax), 0.9, 0.45, fits);
  return { glyphs: place(em, s), em, s };
}

/** A row's boxes stay inside the limit ellipse, `clearance` from its edge, and clear of others. */
function rowFits(
  glyphs: readonly RowGlyph[],
  a: number,
  b: number,
  clearance: number,
  obstacles: readonly Quad[],
  gap: number,
): boolean {
  return glyphs.every(
    (g) =>
      g.corners.every((p) => ellipseLevel(a, b, p) < 1 && distanceInside(a, b, p) >= clearance) &&
      obstacles.every((o) => !quadsTooClose(g.corners, o, gap)),
  );
}

function layoutRow(
  chars: readonly string[],
  font: RowFont,
  sizes: { emMax: number; emMin: number; gapEm: number },
  centreY: (em: number) => number,
  fitsIn: (glyphs: readonly RowGlyph[]) => boolean,
): { glyphs: RowGlyph[]; em: number; s: number } | null {
  if (chars.length === 0) return null;
  const sMax = font === 'seal' ? 0.9 : 1;
  const sMin = font === 'seal' ? 0.4 : 0.3;
  const make = (em: number, s: number) => placeRow(chars, font, em, s, sizes.gapEm, centreY(em));
  const { em, s } = chooseSize(sizes.emMax, sizes.emMin, sMax, sMin, (em, s) =>
    fitsIn(make(em, s)),
  );
  return { glyphs: make(em, s), em, s };
}

export function planOval(spec: PlanInput, d: SealDesign, sizePx: number): SealPlan {
  const k = Math.max(d.widthMm, d.heightMm) / OVAL.widthMm;
  const A = d.widthMm / 2;
  const B = d.heightMm / 2;
  let ai = A - d.borderMm;
  let bi = B - d.borderMm;
  const outlines: { rx: number; ry: number; w: number }[] = [
    { rx: A - d.borderMm / 2, ry: B - d.borderMm / 2, w: d.borderMm },
  ];
  if (d.doubleBorder) {
    const line = doubleLine(d.borderMm, k);
    outlines.push({
      rx: ai - line.gap - line.width / 2,
      ry: bi - line.gap - line.width / 2,
      w: line.width,
    });
    ai -= line.gap + line.width;
    bi -= line.gap + line.width;
  }
  const clearance = TEXT_CLEARANCE_MM * k;
  // With an inner ring the name stays outside it, and the number and title inside.
  let ring: { rx: number; ry: number; w: number } | null = null;
  if (d.innerRing) {
    const w = doubleLine(d.borderMm, k).width;
    ring = { rx: ai * 0.72, ry: bi * 0.62, w };
    outlines.push(ring);
  }
  const nameChars = Array.from(spec.name);
  const codeChars = Array.from(spec.code ?? '');
  const titleChars = Array.from(spec.title ?? '');
  const partGap = OVAL.partGap * k;

  const ringOuter = ring
    ? { rx: ring.rx + ring.w / 2 + partGap, ry: ring.ry + ring.w / 2 + partGap }
    : null;
  const insideRing = ringOuter
    ? (p: Point) => ellipseLevel(ringOuter.rx, ringOuter.ry, p) < 1
    : () => false;
  let span = d.arcDeg === null ? ovalNameSpan(nameChars.length) : degToRad(d.arcDeg);
  const name = () => layoutOvalName(nameChars, ai, bi, clearance, span, d, k, (p) => insideRing(p));
  let nameRun = name();

  // Number and title live inside the ring when there is one, else inside the border.
  const box = ring
    ? { a: ring.rx - ring.w / 2, b: ring.ry - ring.w / 2, c: partGap }
    : { a: ai, b: bi, c: clearance };
  const nameBoxes = () => (ring ? [] : nameRun.glyphs.map((g) => g.corners));

  const layoutNumber = () =>
    layoutRow(
      codeChars,
      'code',
      {
        emMax: OVAL.numberEmMax * k * d.textScale,
        emMin: OVAL.numberEmMin * k,
        gapEm: OVAL.numberGapEm,
      },
      () => OVAL.numberY * box.b,
      (gs) => rowFits(gs, box.a, box.b, box.c, nameBoxes(), partGap),
    );
  let number = layoutNumber();
  // A long number beside a long name: narrow the name's arc, as the round seal does for its code.
  while (
    number &&
    !rowFits(number.glyphs, box.a, box.b, box.c, nameBoxes(), partGap) &&
    span > degToRad(90)
  ) {
    span = rad(Math.max(degToRad(90), span - degToRad(5)));
    nameRun = name();
    number = layoutNumber();
  }
  const numberBottom = number
    ? Math.max(...number.glyphs.flatMap((g) => g.corners.map((p) => p.y)))
    : OVAL.numberY * box.b;
  const obstacles = [...nameBoxes(), ...(number?.glyphs.map((g) => g.corners) ?? [])];
  const bottom = box.b - box.c;
  const title = layoutRow(
    titleChars,
    'seal',
    {
      emMax: OVAL.titleEmMax * k * d.textScale,
      emMin: OVAL.titleEmMin * k,
      gapEm: OVAL.titleGapEm,
    },
    (em) => {
      const h = (SEAL_FACE.top - SEAL_FACE.bottom) * em;
      const top = number ? numberBottom + partGap : box.b * 0.15;
      // Midway between the number and the bottom, as far as the box's own height allows.
      return Math.min((top + bottom) / 2, bottom - h / 2);
    },
    (gs) => rowFits(gs, box.a, box.b, box.c, obstacles, partGap),
  );

  const scale = planScale(sizePx, Math.max(d.widthMm, d.heightMm));
  const half = sizePx / 2;
  const pt = (p: Point): Point<Px> => ({
    x: (half + p.x * scale) as Px,
    y: (half + p.y * scale) as Px,
  });
  const quad = (q: Quad): Quad<Px> => [pt(q[0]), pt(q[1]), pt(q[2]), pt(q[3])];
  const glyph = (
    g: { char: string; anchor: Point; corners: Quad },
    angle: number,
    em: number,
    s: number,
  ): SealGlyph => ({
    char: g.char,
    ...pt(g.anchor),
    angle: rad(angle),
    fontSizePx: (em * scale) as Px,
    hScale: s,
    box: quad(g.corners),
  });
  const runs: SealPlanRun[] = [
    {
      font: 'seal',
      fontSizePx: (nameRun.em * scale) as Px,
      glyphs: nameRun.glyphs.map((g) => glyph(g, g.angle, nameRun.em, nameRun.s)),
    },
  ];
  if (number) {
    runs.push({
      font: 'code',
      fontSizePx: (number.em * scale) as Px,
      glyphs: number.glyphs.map((g) => glyph(g, 0, number.em, number.s)),
    });
  }
  if (title) {
    runs.push({
      font: 'seal',
      fontSizePx: (title.em * scale) as Px,
      glyphs: title.glyphs.map((g) => glyph(g, 0, title.em, title.s)),
    });
  }
  const px = (v: number) => (v * scale) as Px;
  return {
    sizePx: sizePx as Px,
    pxPerMm: scale,
    centre: pt({ x: 0, y: 0 }),
    widthMm: d.widthMm,
    heightMm: d.heightMm,
    outlines: outlines.map(
      (o): SealOutline => ({ kind: 'ellipse', rx: px(o.rx), ry: px(o.ry), lineWidth: px(o.w) }),
    ),
    star: null,
    runs,
    borderInner: { kind: 'ellipse', rx: px(ai), ry: px(bi) },
  };
}
