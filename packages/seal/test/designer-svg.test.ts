import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { designFor, planSeal, type SealPresetId, sealImageMm } from '../src/index';
import { parseUnicodeRange, sealSvg } from '../src/svg/index';
import { fontSources, renderDesigned } from './render';

/**
 * The SVG export holds vector paths only, and drawn by an SVG renderer (librsvg, through sharp) it
 * matches the canvas drawing of the same plan: the paths are the same glyphs in the same places.
 */

const CASES: { preset: SealPresetId; spec: { name: string; title?: string; code?: string } }[] = [
  {
    preset: 'contract',
    spec: { name: '北京某某科技有限公司', title: '合同专用章', code: '1101081234567' },
  },
  {
    preset: 'invoice',
    spec: { name: '北京某某科技有限公司', title: '发票专用章', code: '91110108MA01ABCD2X' },
  },
  { preset: 'personal', spec: { name: '张三' } },
];

async function rasterAlpha(svg: string, px: number): Promise<Uint8Array> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .resize(px, px)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  const out = new Uint8Array(px * px);
  for (let i = 0; i < out.length; i++) out[i] = data[i * 4 + 3] as number;
  return out;
}

describe('sealSvg', () => {
  it.each(CASES)(
    '$preset: paths only, the canvas drawing in vector form',
    async ({ preset, spec }) => {
      const design = designFor(preset);
      const plan = planSeal(spec, design, 512);
      const svg = await sealSvg(plan, design, fontSources(), sealImageMm(design.widthMm));
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<image|<text|data:/);
      const glyphs = plan.runs.reduce((n, r) => n + r.glyphs.length, 0);
      expect(svg.match(/<path /g)?.length).toBe(glyphs);
      expect(svg).toContain(`width="${Number(sealImageMm(design.widthMm).toFixed(3))}mm"`);

      const px = 256;
      const vector = await rasterAlpha(svg, px);
      const { rgba } = renderDesigned(spec, design, px);
      let ink = 0;
      let differ = 0;
      for (let i = 0; i < vector.length; i++) {
        const a = rgba[i * 4 + 3] as number;
        const b = vector[i] as number;
        if (a > 128 || b > 128) ink++;
        if (Math.abs(a - b) > 200) differ++;
      }
      expect(ink).toBeGreaterThan(2000);
      // Edges anti-alias differently (partly covered pixels); a misplaced or missing glyph would
      // disagree outright over its whole area.
      expect(differ / ink).toBeLessThan(0.02);
    },
  );

  it('wears the same specks as the canvas, as a mask of circles', async () => {
    const design = designFor('contract', { aging: 0.5, seed: 3 });
    const plan = planSeal({ name: '某某公司' }, design, 512);
    const svg = await sealSvg(plan, design, fontSources(), sealImageMm(40));
    expect(svg).toContain('mask="url(#wear)"');
    expect(svg).not.toMatch(/<image/);
  });

  it('reads CSS unicode ranges', () => {
    expect(parseUnicodeRange('U+4e00-4e3f, U+20??, U+2030')).toEqual([
      [0x4e00, 0x4e3f],
      [0x2000, 0x20ff],
      [0x2030, 0x2030],
    ]);
  });
});
