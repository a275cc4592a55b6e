import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../../../test-support/golden';
import {
  agingSpecks,
  designFor,
  type PlanInput,
  SEAL_INK,
  type SealDesignOptions,
  type SealPresetId,
} from '../src/index';
import { renderDesigned } from './render';

/** Designed seals rendered on @napi-rs/canvas, compared with committed images in ./golden. */

const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));
/** Anti-aliasing may differ a little between machines; layout changes move thousands of pixels. */
const MAX_DIFFERING_PIXELS = 40;

const GOLDENS: {
  file: string;
  preset: SealPresetId;
  spec: PlanInput;
  options?: SealDesignOptions;
}[] = [
  {
    file: 'contract-40mm',
    preset: 'contract',
    spec: { name: '北京某某科技有限公司', title: '合同专用章', code: '1101081234567' },
  },
  {
    file: 'finance-38mm',
    preset: 'finance',
    spec: { name: '上海某某贸易有限公司', title: '财务专用章' },
  },
  {
    file: 'official-double-ring-blue',
    preset: 'official',
    spec: { name: '某某市某某区人民政府办公室' },
    options: { doubleBorder: true, innerRing: true, colour: 'blue' },
  },
  {
    file: 'invoice-oval',
    preset: 'invoice',
    spec: { name: '北京某某科技有限公司', title: '发票专用章', code: '91110108MA01ABCD2X' },
  },
  { file: 'personal-2', preset: 'personal', spec: { name: '张三' } },
  {
    file: 'personal-3-purple',
    preset: 'personal',
    spec: { name: '张三丰' },
    options: { colour: 'purple' },
  },
  {
    file: 'contract-aged',
    preset: 'contract',
    spec: { name: '某某某某有限公司', title: '合同专用章' },
    options: { aging: 0.7, seed: 7 },
  },
];

describe('designed seal golden images', () => {
  it.each(GOLDENS)('$file', ({ file, preset, spec, options }) => {
    const { png } = renderDesigned(spec, designFor(preset, options));
    expectMatchesGolden(GOLDEN_DIR, file, png, MAX_DIFFERING_PIXELS);
  });
});

/** Ink pixels (alpha above half) and the colour of the most opaque one. */
function ink(rgba: Uint8ClampedArray) {
  let count = 0;
  let best = 0;
  let colour = [0, 0, 0];
  for (let i = 0; i < rgba.length; i += 4) {
    const a = rgba[i + 3] as number;
    if (a > 128) count++;
    if (a > best) {
      best = a;
      colour = [rgba[i] as number, rgba[i + 1] as number, rgba[i + 2] as number];
    }
  }
  return { count, alpha: best, colour };
}

const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));

describe('designed seal ink', () => {
  const spec = { name: '某某某某有限公司', title: '合同专用章' };

  it.each(['red', 'blue', 'black', 'purple'] as const)(
    'draws in %s at the chosen opacity',
    (colour) => {
      const { rgba } = renderDesigned(spec, designFor('contract', { colour, opacity: 0.6 }), 256);
      const seen = ink(rgba);
      expect(seen.alpha).toBe(Math.round(0.6 * 255));
      hex(SEAL_INK[colour]).forEach((v, i) => {
        expect(Math.abs((seen.colour[i] as number) - v)).toBeLessThanOrEqual(2);
      });
    },
  );

  it('ages the same way for the same seed, differently for another, and takes ink away', () => {
    expect(agingSpecks(7, 0.5)).toEqual(agingSpecks(7, 0.5));
    expect(agingSpecks(8, 0.5)).not.toEqual(agingSpecks(7, 0.5));
    expect(agingSpecks(7, 0)).toEqual([]);
    const a = renderDesigned(spec, designFor('contract', { aging: 0.5, seed: 7 }), 256);
    const b = renderDesigned(spec, designFor('contract', { aging: 0.5, seed: 7 }), 256);
    const c = renderDesigned(spec, designFor('contract', { aging: 0.5, seed: 8 }), 256);
    const clean = renderDesigned(spec, designFor('contract'), 256);
    expect(Buffer.compare(a.png, b.png)).toBe(0);
    expect(Buffer.compare(a.png, c.png)).not.toBe(0);
    expect(ink(a.rgba).count).toBeLessThan(ink(clean.rgba).count * 0.97);
  });
});
