import { describe, expect, it } from 'vitest';
import {
  completePersonalName,
  designFor,
  isClassicRound,
  layoutSeal,
  type PlanInput,
  planSeal,
  type SealDesign,
  type SealDesignOptions,
  type SealGlyph,
  type SealPlan,
  type SealPresetId,
  sealImageMm,
  squareCells,
  zDesignedSeal,
} from '../src/index';
import { convexOverlap, distanceToPoly, farthestFrom, type P, polyDistance } from './quads';

/**
 * Every shape across name lengths and options: nothing overlaps, everything stays inside the
 * border, the text reads in the right order. Distances are measured here with sampling, not with
 * the layout's own ellipse code.
 */

const NAMES: Record<number, string> = {
  1: '章',
  2: '张三',
  3: '张三丰',
  4: '某某公司',
  8: '某某科技有限公司',
  12: '北京某某某某科技有限公司',
  20: '上海浦东新区某某某某国际贸易发展有限公司',
  30: '中华人民共和国某某省某某市某某区某某街道社区居民委员会服务站',
};
for (const [n, name] of Object.entries(NAMES)) {
  if (Array.from(name).length !== Number(n)) throw new Error(`test name ${name} is not ${n} long`);
}
const TAX_18 = '91110108MA01ABCD2X';
const TAX_20 = '9111010812345678WMXZ';

type Case = { label: string; preset: SealPresetId; spec: PlanInput; options: SealDesignOptions };

const ROUND_OPTIONS: [string, SealDesignOptions][] = [
  ['default', {}],
  ['double border', { doubleBorder: true }],
  ['inner ring', { innerRing: true }],
  ['no star', { starMm: 0 }],
  ['big text, wide spacing', { textScale: 1.3, spacing: 0.3 }],
  ['arc 180', { arcDeg: 180 }],
  ['thick border', { borderMm: 2.5 }],
];
const OVAL_OPTIONS: [string, SealDesignOptions][] = [
  ['default', {}],
  ['double border', { doubleBorder: true }],
  ['inner ring', { innerRing: true }],
  ['big text', { textScale: 1.3, spacing: 0.2 }],
];
const SQUARE_OPTIONS: [string, SealDesignOptions][] = [
  ['default', {}],
  ['double border', { doubleBorder: true }],
  ['small text, spaced', { textScale: 0.8, spacing: 0.4 }],
  ['25 mm, thin border', { widthMm: 25, borderMm: 0.6 }],
];

const cases: Case[] = [
  ...(['official', 'contract', 'finance'] as const).flatMap((preset) =>
    [1, 4, 8, 12, 20, 30].flatMap((n) =>
      ROUND_OPTIONS.flatMap(([o, options]) =>
        ['', '1101081234567'].map((code) => ({
          label: `${preset} ${n} chars${code ? ' + code' : ''}, ${o}`,
          preset,
          spec: {
            name: NAMES[n] as string,
            title: preset === 'official' ? '' : '合同专用章',
            code,
          },
          options,
        })),
      ),
    ),
  ),
  ...[1, 4, 8, 12, 20, 30].flatMap((n) =>
    OVAL_OPTIONS.flatMap(([o, options]) =>
      ['', TAX_18, TAX_20].map((code) => ({
        label: `invoice ${n} chars, number ${code.length}, ${o}`,
        preset: 'invoice' as const,
        spec: { name: NAMES[n] as string, title: '发票专用章', code },
        options,
      })),
    ),
  ),
  ...[1, 2, 3, 4].flatMap((n) =>
    SQUARE_OPTIONS.map(([o, options]) => ({
      label: `personal ${n} chars, ${o}`,
      preset: 'personal' as const,
      spec: { name: n === 1 ? '李' : (NAMES[n] as string) },
      options,
    })),
  ),
];

const glyphsOf = (p: SealPlan): SealGlyph[] => p.runs.flatMap((r) => r.glyphs);
const mmOf = (p: SealPlan, v: number) => v / p.pxPerMm;

/** Distance from a point to the plan's inner border edge, negative outside it (sampled). */
function insideClearance(plan: SealPlan, q: P): number {
  const x = q.x - plan.centre.x;
  const y = q.y - plan.centre.y;
  const area = plan.borderInner;
  if (area.kind === 'rect') {
    return Math.min(area.halfWidth - Math.abs(x), area.halfHeight - Math.abs(y));
  }
  const inside = (x / area.rx) ** 2 + (y / area.ry) ** 2 < 1;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 4096; i++) {
    const t = (i / 4096) * 2 * Math.PI;
    best = Math.min(best, Math.hypot(area.rx * Math.cos(t) - x, area.ry * Math.sin(t) - y));
  }
  return inside ? best : -best;
}

function build(c: Case): { plan: SealPlan; design: SealDesign } {
  const design = designFor(c.preset, c.options);
  return { plan: planSeal(c.spec, design), design };
}

describe('planSeal, every shape, name length and option', () => {
  const table = cases.map((c) => [c.label, c] as const);

  it.each(table)('%s: glyph boxes never overlap', (_, c) => {
    const { plan } = build(c);
    const glyphs = glyphsOf(plan);
    for (let i = 0; i < glyphs.length; i++) {
      for (let j = i + 1; j < glyphs.length; j++) {
        const a = glyphs[i] as SealGlyph;
        const b = glyphs[j] as SealGlyph;
        expect(convexOverlap(a.box, b.box), `${a.char}#${i} and ${b.char}#${j}`).toBe(false);
        expect(mmOf(plan, polyDistance(a.box, b.box))).toBeGreaterThan(0.05);
      }
    }
  });

  it.each(table)('%s: every box stays inside the border, clear of its edge', (_, c) => {
    const { plan, design } = build(c);
    const k = design.shape === 'round' ? design.widthMm / 42 : design.shape === 'oval' ? 1 : 1;
    for (const g of glyphsOf(plan)) {
      for (const corner of g.box) {
        expect(mmOf(plan, insideClearance(plan, corner)), g.char).toBeGreaterThanOrEqual(
          0.8 * k - 0.01,
        );
      }
    }
  });

  it.each(table)('%s: the star and the inner ring keep clear of the text', (_, c) => {
    const { plan, design } = build(c);
    if (plan.star) {
      const r = Math.max(
        ...plan.star.map((p) => Math.hypot(p.x - plan.centre.x, p.y - plan.centre.y)),
      );
      for (const g of glyphsOf(plan)) {
        expect(distanceToPoly(plan.centre, g.box), g.char).toBeGreaterThan(r);
      }
    }
    if (!design.innerRing) return;
    const ring = plan.outlines[plan.outlines.length - 1];
    if (ring?.kind !== 'ellipse') throw new Error('no ring');
    const level = (q: P) =>
      ((q.x - plan.centre.x) / (ring.rx - ring.lineWidth / 2)) ** 2 +
      ((q.y - plan.centre.y) / (ring.ry - ring.lineWidth / 2)) ** 2;
    const [name, ...rest] = plan.runs;
    // The round seal's code runs along the border, outside the ring; the oval's number is inside.
    const inside = rest.filter((r) => design.shape === 'oval' || r.font !== 'code');
    const outside = [name, ...rest.filter((r) => !inside.includes(r))];
    // The ring's own width, on either side of its centre line.
    const w = ring.lineWidth / 2;
    for (const g of outside.flatMap((r) => r?.glyphs ?? [])) {
      for (const q of g.box) {
        const outer = { rx: ring.rx + w, ry: ring.ry + w };
        expect(
          ((q.x - plan.centre.x) / outer.rx) ** 2 + ((q.y - plan.centre.y) / outer.ry) ** 2,
        ).toBeGreaterThan(1);
      }
    }
    for (const g of inside.flatMap((r) => r.glyphs)) {
      for (const q of g.box) expect(level(q)).toBeLessThan(1);
    }
  });

  it.each(table)('%s: draws all the text, in reading order', (_, c) => {
    const { plan, design } = build(c);
    const [name] = plan.runs;
    const chars = name?.glyphs.map((g) => g.char) ?? [];
    if (design.shape === 'square') {
      const cells = plan.runs.flatMap((r) => r.glyphs);
      const text = completePersonalName(c.spec.name);
      expect(cells.map((g) => g.char).join('')).toBe(text);
      // Right column first, top to bottom.
      const first = cells[0] as SealGlyph;
      for (const g of cells.slice(1)) expect(g.x).toBeLessThanOrEqual(first.x + 1e-6);
      const second = cells[1] as SealGlyph;
      if (cells.length === 4) {
        expect(second.x).toBeCloseTo(first.x, 6);
        expect(second.y).toBeGreaterThan(first.y);
      }
      return;
    }
    expect(chars.join('')).toBe(c.spec.name);
    const angles = name?.glyphs.map((g) => g.angle) ?? [];
    expect(angles).toEqual([...angles].sort((a, b) => a - b));
    const all = plan.runs.flatMap((r) => r.glyphs.map((g) => g.char)).join('');
    expect(all).toContain(c.spec.code ?? '');
    expect(all).toContain(c.spec.title ?? '');
  });
});

describe('presets', () => {
  it('a name alone gives each preset its size and its words', () => {
    expect(designFor('official')).toMatchObject({ shape: 'round', widthMm: 42, starMm: 14 });
    expect(designFor('contract')).toMatchObject({ shape: 'round', widthMm: 40 });
    expect(designFor('finance')).toMatchObject({ shape: 'round', widthMm: 38 });
    expect(designFor('invoice')).toMatchObject({
      shape: 'oval',
      widthMm: 40,
      heightMm: 30,
      starMm: 0,
    });
    expect(designFor('personal')).toMatchObject({ shape: 'square', widthMm: 20, heightMm: 20 });
    expect(designFor('invoice', { widthMm: 50 })).toMatchObject({ widthMm: 50, heightMm: 37.5 });
  });

  it('the classic design is exactly the 42 mm round seal of layoutSeal', () => {
    const spec = { name: NAMES[12] as string, title: '合同专用章', code: '1101081234567' };
    const design = designFor('official');
    expect(isClassicRound(design)).toBe(true);
    expect(isClassicRound(designFor('official', { colour: 'blue' }))).toBe(false);
    expect(isClassicRound(designFor('contract'))).toBe(false);
    const plan = planSeal(spec, design);
    const l = layoutSeal(spec);
    const classic = [...l.name.glyphs, ...(l.title?.glyphs ?? []), ...(l.code?.glyphs ?? [])];
    const designed = [...glyphsOf(plan)];
    // The designer orders runs name, title, code as well.
    expect(designed.map((g) => g.char)).toEqual(classic.map((g) => g.char));
    designed.forEach((g, i) => {
      const o = classic[i] as SealGlyph;
      expect(g.x).toBeCloseTo(o.x, 6);
      expect(g.y).toBeCloseTo(o.y, 6);
      expect(g.fontSizePx).toBeCloseTo(o.fontSizePx, 6);
      expect(g.hScale).toBeCloseTo(o.hScale, 6);
    });
  });

  it('smaller round seals are the 42 mm drawing scaled: same pixels, fewer millimetres', () => {
    const spec = { name: NAMES[8] as string, title: '财务专用章' };
    const big = planSeal(spec, designFor('official'));
    const small = planSeal(spec, designFor('finance'));
    expect(small.pxPerMm).toBeCloseTo((big.pxPerMm * 42) / 38, 9);
    glyphsOf(small).forEach((g, i) => {
      expect(g.x).toBeCloseTo(glyphsOf(big)[i]?.x ?? 0, 3);
    });
  });

  it('the oval puts the taxpayer number across the middle, the title below it', () => {
    const plan = planSeal(
      { name: NAMES[12] as string, title: '发票专用章', code: TAX_20 },
      designFor('invoice'),
    );
    const [, number, title] = plan.runs;
    expect(number?.font).toBe('code');
    expect(number?.glyphs.map((g) => g.char).join('')).toBe(TAX_20);
    const ys = number?.glyphs.map((g) => g.y) ?? [];
    const mid = (Math.min(...ys) + Math.max(...ys)) / 2;
    expect(Math.abs(mid - plan.centre.y)).toBeLessThan(plan.pxPerMm * 3);
    for (const g of number?.glyphs ?? []) expect(g.angle).toBe(0);
    const xs = number?.glyphs.map((g) => g.x) ?? [];
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect(Math.min(...(title?.glyphs.map((g) => g.y) ?? []))).toBeGreaterThan(Math.max(...ys));
    // The name stays on the upper arc.
    const [name] = plan.runs;
    for (const g of name?.glyphs ?? []) expect(g.y).toBeLessThan(plan.centre.y);
  });

  it('名章 completes the name and reads from the right column', () => {
    expect(completePersonalName('张三')).toBe('张三之印');
    expect(completePersonalName('张三丰')).toBe('张三丰印');
    expect(completePersonalName('欧阳修远')).toBe('欧阳修远');
    expect(completePersonalName('李')).toBe('李之印');
    expect(squareCells('张三').map((c) => [c.char, c.column, c.row])).toEqual([
      ['张', 0, 0],
      ['三', 0, 1],
      ['之', 1, 0],
      ['印', 1, 1],
    ]);
    expect(squareCells('李')[0]).toMatchObject({ char: '李', column: 0, rows: 2 });
  });

  it('validates text by shape', () => {
    expect(zDesignedSeal('oval').safeParse({ name: '某某公司', code: TAX_20 }).success).toBe(true);
    expect(zDesignedSeal('oval').safeParse({ name: '某某公司', code: `${TAX_20}1` }).success).toBe(
      false,
    );
    expect(zDesignedSeal('round').safeParse({ name: '某某公司', code: TAX_20 }).success).toBe(
      false,
    );
    expect(zDesignedSeal('square').safeParse({ name: '欧阳修远' }).success).toBe(true);
    expect(zDesignedSeal('square').safeParse({ name: '欧阳修远远' }).success).toBe(false);
    expect(zDesignedSeal('square').safeParse({ name: '张三', title: '合同' }).success).toBe(false);
  });

  it('is a pure function of its inputs', () => {
    for (const preset of ['contract', 'invoice', 'personal'] as const) {
      const spec = { name: '某某科技', code: preset === 'invoice' ? TAX_18 : '' };
      expect(planSeal(spec, designFor(preset))).toEqual(planSeal(spec, designFor(preset)));
    }
  });

  it('the image is wider than the seal by its transparent margin', () => {
    const plan = planSeal({ name: '某某公司' }, designFor('contract'));
    const outer = plan.outlines[0];
    if (outer?.kind !== 'ellipse') throw new Error('round outline expected');
    const sealPx = 2 * (outer.rx + outer.lineWidth / 2);
    expect(mmOf(plan, sealPx)).toBeCloseTo(40, 6);
    expect((plan.sizePx / sealPx) * 40).toBeCloseTo(sealImageMm(40), 6);
    expect(farthestFrom(plan.centre, [{ x: 0, y: 0 }])).toBeGreaterThan(0);
  });
});
