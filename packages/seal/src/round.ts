import { CODE_TEXT, NAME_TEXT } from './arc';
import type { SealDesign } from './design';
import { layoutRound, type RoundGeometry } from './layout';
import { doubleLine, type PlanInput, type SealOutline, type SealPlan } from './plan';
import { SEAL_MM, SEAL_SIZE_MM } from './spec';
import { TITLE_TEXT } from './title';
import { degToRad, type Mm, mm, type Px } from './units';

/**
 * Round seals of any diameter with the designer's options. Every default length is the 42 mm
 * seal's scaled by diameter / 42, so with default options the 42 mm design is layoutSeal's.
 */

/** Inner ring's centre line, as a fraction of the radius. */
const RING_FRACTION = 0.52;

export function roundGeometry(d: SealDesign): {
  geo: RoundGeometry;
  ring: { radius: Mm; width: Mm } | null;
  inner: { radius: Mm; width: Mm } | null;
} {
  const k = d.widthMm / SEAL_SIZE_MM;
  const outer = d.widthMm / 2;
  const clearance = SEAL_MM.borderClearance * k;
  let edge = outer - d.borderMm;
  let inner: { radius: Mm; width: Mm } | null = null;
  if (d.doubleBorder) {
    const line = doubleLine(d.borderMm, k);
    inner = { radius: mm(edge - line.gap - line.width / 2), width: mm(line.width) };
    edge = edge - line.gap - line.width;
  }
  const limit = edge - clearance;
  let starRadius = d.starMm / 2;
  let ring: { radius: Mm; width: Mm } | null = null;
  let nameInner = starRadius > 0 ? starRadius + NAME_TEXT.starGap * k : outer * 0.4;
  let titleLimit = limit;
  if (d.innerRing) {
    const width = doubleLine(d.borderMm, k).width;
    const radius = outer * RING_FRACTION;
    ring = { radius: mm(radius), width: mm(width) };
    nameInner = radius + width / 2 + NAME_TEXT.starGap * k;
    titleLimit = radius - width / 2 - TITLE_TEXT.textGap * k;
    starRadius = Math.min(starRadius, (radius - width / 2) * 0.55);
  }
  const textScale = d.textScale;
  const geo: RoundGeometry = {
    outerRadius: mm(outer),
    borderWidth: mm(d.borderMm),
    starRadius: mm(starRadius),
    arc: {
      limit,
      nameInner,
      nameEmMax: NAME_TEXT.emMax * k * textScale,
      nameGapEm: NAME_TEXT.gapEm + d.spacing,
      codeEmMax: CODE_TEXT.emMax * k * textScale,
    },
    title: {
      limit: titleLimit,
      top: starRadius > 0 ? starRadius + TITLE_TEXT.starGap * k : 1.5 * k,
      emMax: TITLE_TEXT.emMax * k * textScale,
      gap: TITLE_TEXT.textGap * k,
    },
    span: d.arcDeg === null ? undefined : degToRad(d.arcDeg),
  };
  return { geo, ring, inner };
}

export function planRound(spec: PlanInput, d: SealDesign, sizePx: number): SealPlan {
  const { geo, ring, inner } = roundGeometry(d);
  const l = layoutRound(spec, geo, sizePx);
  const px = (v: number) => (v * l.pxPerMm) as Px;
  const circle = (radius: number, width: number): SealOutline => ({
    kind: 'ellipse',
    rx: px(radius),
    ry: px(radius),
    lineWidth: px(width),
  });
  const outlines: SealOutline[] = [
    { kind: 'ellipse', rx: l.border.radius, ry: l.border.radius, lineWidth: l.border.lineWidth },
  ];
  if (inner) outlines.push(circle(inner.radius, inner.width));
  if (ring) outlines.push(circle(ring.radius, ring.width));
  const innerEdge = inner ? px(inner.radius - inner.width / 2) : l.border.innerRadius;
  return {
    sizePx: l.sizePx,
    pxPerMm: l.pxPerMm,
    centre: l.centre,
    widthMm: d.widthMm,
    heightMm: d.widthMm,
    outlines,
    star: l.star.outerRadius > 0 ? l.star.points : null,
    runs: [
      { font: 'seal', fontSizePx: l.name.fontSizePx, glyphs: l.name.glyphs },
      ...(l.title
        ? [{ font: 'seal' as const, fontSizePx: l.title.fontSizePx, glyphs: l.title.glyphs }]
        : []),
      ...(l.code
        ? [{ font: 'code' as const, fontSizePx: l.code.fontSizePx, glyphs: l.code.glyphs }]
        : []),
    ],
    borderInner: { kind: 'ellipse', rx: innerEdge, ry: innerEdge },
  };
}
