import { describe, expect, it } from 'vitest';
import { nameSpan } from '../src/arc';
import {
  layoutSeal,
  pxPerMmFor,
  rad,
  radToDeg,
  SEAL_CANVAS_PX,
  type SealGlyph,
  type SealLayout,
  type SealSpec,
} from '../src/index';
import { convexOverlap, distanceToPoly, farthestFrom, polyDistance } from './quads';

const NAMES: Record<number, string> = {
  1: '章',
  4: '某某公司',
  8: '某某科技有限公司',
  12: '北京某某某某科技有限公司',
  20: '上海浦东新区某某某某国际贸易发展有限公司',
  30: '中华人民共和国某某省某某市某某区某某街道社区居民委员会服务站',
};
const TITLE = '合同专用章';
const LONG_TITLE = '发票专用章某某某';
const CODE = '1101081234567';
const LONG_CODE = 'WMWMWMWMWMWMWMWMWM';

type Case = { n: number; spec: SealSpec };
for (const [n, name] of Object.entries(NAMES)) {
  if (Array.from(name).length !== Number(n)) throw new Error(`test name ${name} is not ${n} long`);
}
const cases: Case[] = [1, 4, 8, 12, 20, 30].flatMap((n) =>
  [
    { name: NAMES[n] as string },
    { name: NAMES[n] as string, title: TITLE },
    { name: NAMES[n] as string, code: CODE },
    { name: NAMES[n] as string, title: TITLE, code: CODE },
    { name: NAMES[n] as string, title: LONG_TITLE, code: LONG_CODE },
  ].map((spec) => ({ n, spec })),
);
const label = ({ n, spec }: Case) =>
  `${n} chars, title ${Array.from(spec.title ?? '').length}, code ${(spec.code ?? '').length}`;

const allGlyphs = (l: SealLayout): SealGlyph[] => [
  ...l.name.glyphs,
  ...(l.title?.glyphs ?? []),
  ...(l.code?.glyphs ?? []),
];
const toMm = (l: SealLayout, v: number) => v / l.pxPerMm;

describe('layoutSeal, for every name length with and without title and code', () => {
  const table = cases.map((c) => [label(c), c] as const);

  it.each(table)('%s: glyph boxes never overlap', (_, { spec }) => {
    const l = layoutSeal(spec);
    const glyphs = allGlyphs(l);
    for (let i = 0; i < glyphs.length; i++) {
      for (let j = i + 1; j < glyphs.length; j++) {
        const a = glyphs[i] as SealGlyph;
        const b = glyphs[j] as SealGlyph;
        expect(convexOverlap(a.box, b.box), `${a.char}#${i} and ${b.char}#${j}`).toBe(false);
        expect(toMm(l, polyDistance(a.box, b.box))).toBeGreaterThan(0.1);
      }
    }
  });

  it.each(table)('%s: every box stays 0.8 mm inside the border', (_, { spec }) => {
    const l = layoutSeal(spec);
    for (const g of allGlyphs(l)) {
      const clearance = toMm(l, l.border.innerRadius - farthestFrom(l.centre, g.box));
      expect(clearance, g.char).toBeGreaterThanOrEqual(0.8);
    }
  });

  it.each(table)("%s: no box touches the star's circle", (_, { spec }) => {
    const l = layoutSeal(spec);
    for (const g of allGlyphs(l)) {
      expect(distanceToPoly(l.centre, g.box), g.char).toBeGreaterThan(l.star.outerRadius);
    }
  });

  it.each(table)('%s: the name is symmetric about the vertical axis', (_, { spec }) => {
    const { name, centre } = layoutSeal(spec);
    const n = name.glyphs.length;
    for (let i = 0; i < n; i++) {
      const a = name.glyphs[i] as SealGlyph;
      const b = name.glyphs[n - 1 - i] as SealGlyph;
      expect(a.x - centre.x).toBeCloseTo(centre.x - b.x, 6);
      expect(a.y).toBeCloseTo(b.y, 6);
      expect(a.angle).toBeCloseTo(-b.angle, 9);
    }
  });

  it.each(table)('%s: name glyphs stand on radii, tops outwards, reading clockwise', (_, c) => {
    const { name, centre } = layoutSeal(c.spec);
    let previous = Number.NEGATIVE_INFINITY;
    for (const g of name.glyphs) {
      // The anchor lies on the glyph's own radius: its polar angle is its rotation.
      expect(Math.atan2(g.x - centre.x, centre.y - g.y)).toBeCloseTo(g.angle, 6);
      expect(g.angle).toBeGreaterThan(previous);
      previous = g.angle;
    }
    expect(name.glyphs.map((g) => g.char).join('')).toBe(c.spec.name);
  });

  it.each(table)('%s: title is one centred line under the star', (_, { spec }) => {
    const l = layoutSeal(spec);
    if (!spec.title) return expect(l.title).toBeNull();
    const t = l.title;
    expect(t).not.toBeNull();
    if (!t) return;
    expect(t.glyphs.map((g) => g.char).join('')).toBe(spec.title);
    for (const g of t.glyphs) {
      expect(g.y).toBeCloseTo(t.baselineY, 9);
      expect(g.angle).toBe(0);
      expect(Math.min(...g.box.map((p) => p.y))).toBeGreaterThan(l.centre.y + l.star.outerRadius);
    }
    const first = t.glyphs[0] as SealGlyph;
    const last = t.glyphs[t.glyphs.length - 1] as SealGlyph;
    expect(first.x - l.centre.x).toBeCloseTo(l.centre.x - last.x, 6);
  });

  it.each(table)('%s: code runs left to right along the bottom, upright', (_, { spec }) => {
    const l = layoutSeal(spec);
    if (!spec.code) return expect(l.code).toBeNull();
    const code = l.code;
    expect(code?.glyphs.map((g) => g.char).join('')).toBe(spec.code);
    const xs = code?.glyphs.map((g) => g.x) ?? [];
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    for (const g of code?.glyphs ?? []) {
      const dx = g.x - l.centre.x;
      const dy = g.y - l.centre.y;
      expect(toMm(l, Math.hypot(dx, dy))).toBeGreaterThan(15);
      expect(radToDeg(rad(Math.abs(Math.atan2(dx, dy))))).toBeLessThan(60);
      // Upright: tops towards the centre, following the arc (the left end tilted clockwise).
      expect(Math.abs(g.angle)).toBeLessThan(Math.PI / 2);
      if (Math.abs(g.x - l.centre.x) > 1) {
        expect(Math.sign(g.angle)).toBe(-Math.sign(g.x - l.centre.x));
      }
    }
  });
});

describe('name arc and size as the name grows', () => {
  const lengths = [1, 4, 8, 12, 20, 30];
  const layouts = lengths.map((n) => layoutSeal({ name: NAMES[n] as string }));

  it('spans 210-270 degrees from eight characters, growing with length', () => {
    const spans = layouts.map((l) => radToDeg(l.name.span));
    expect(spans).toEqual([...spans].sort((a, b) => a - b));
    lengths.forEach((n, i) => {
      if (n >= 8) {
        expect(spans[i]).toBeGreaterThanOrEqual(210);
        expect(spans[i]).toBeLessThanOrEqual(270);
      }
    });
    expect(spans[0]).toBe(0);
    // Short names stay round the top.
    expect(spans[1]).toBeLessThan(180);
  });

  it('the span never shrinks from one length to the next', () => {
    for (let n = 2; n <= 30; n++) expect(nameSpan(n)).toBeGreaterThanOrEqual(nameSpan(n - 1));
  });

  it('compresses glyphs as the name gets longer, then shrinks them', () => {
    const scales = layouts.map((l) => l.name.hScale);
    expect(scales).toEqual([...scales].sort((a, b) => b - a));
    const sizes = layouts.map((l) => toMm(l, l.name.fontSizePx));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // Up to twelve characters the glyphs keep the standard height (about 6.5-7 mm of ink).
    lengths.forEach((n, i) => {
      if (n <= 12) expect(sizes[i]).toBe(7);
    });
    expect(sizes[sizes.length - 1]).toBeGreaterThan(3.5);
  });

  it('keeps the name 0.8-1.1 mm inside the border at its outer corners', () => {
    for (const l of layouts) {
      const clearances = l.name.glyphs.map((g) =>
        toMm(l, l.border.innerRadius - farthestFrom(l.centre, g.box)),
      );
      expect(Math.min(...clearances)).toBeGreaterThanOrEqual(0.8);
      expect(Math.max(...clearances)).toBeLessThanOrEqual(1.1);
    }
  });

  it('narrows the name arc when a long code needs the room', () => {
    const name = NAMES[30] as string;
    const alone = layoutSeal({ name });
    const withCode = layoutSeal({ name, code: LONG_CODE });
    expect(withCode.name.span).toBeLessThanOrEqual(alone.name.span);
  });
});

describe('seal geometry', () => {
  const l = layoutSeal({ name: NAMES[12] as string });

  it('maps the 42 mm seal onto the canvas with a transparent margin', () => {
    expect(pxPerMmFor(SEAL_CANVAS_PX)).toBeCloseTo(12, 9);
    expect(l.centre).toEqual({ x: 256, y: 256 });
    expect(toMm(l, l.border.outerRadius)).toBeCloseTo(21, 9);
    expect(toMm(l, l.border.lineWidth)).toBeCloseTo(1.2, 9);
    expect(l.border.radius).toBeCloseTo((l.border.innerRadius + l.border.outerRadius) / 2, 9);
    expect(l.border.outerRadius).toBeLessThanOrEqual(SEAL_CANVAS_PX / 2 - 3);
  });

  it('centres a five-point star 14 mm across with a point straight up', () => {
    expect(toMm(l, 2 * l.star.outerRadius)).toBeCloseTo(14, 9);
    expect(l.star.points).toHaveLength(10);
    expect(l.star.points[0]?.x).toBeCloseTo(256, 9);
    expect(l.star.points[0]?.y).toBeCloseTo(256 - l.star.outerRadius, 9);
    const ys = l.star.points.map((p) => p.y);
    expect((Math.min(...ys) + Math.max(...ys)) / 2).toBeLessThan(256);
    // Regular star: the inner point at 36 degrees lies on the line from the top point to the one
    // at 144 degrees.
    const [top, inner, , , far] = l.star.points;
    if (!top || !inner || !far) throw new Error('missing star points');
    const cross = (far.x - top.x) * (inner.y - top.y) - (far.y - top.y) * (inner.x - top.x);
    expect(cross).toBeCloseTo(0, 6);
  });

  it('is a pure function of spec and size', () => {
    const spec = { name: NAMES[8] as string, title: TITLE, code: CODE };
    expect(layoutSeal(spec)).toEqual(layoutSeal(spec));
    const big = layoutSeal(spec, 1024);
    const small = layoutSeal(spec, 512);
    big.name.glyphs.forEach((g, i) => {
      expect(g.x).toBeCloseTo(2 * (small.name.glyphs[i]?.x ?? 0), 6);
      expect(g.fontSizePx).toBeCloseTo(2 * small.name.fontSizePx, 6);
    });
  });
});
