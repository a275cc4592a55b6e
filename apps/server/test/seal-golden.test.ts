import { fileURLToPath } from 'node:url';
import { ZCreateSeal } from '@yinzhang/seal';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../../../test-support/golden';
import { renderSealPng, renderSealPngWithCanvas } from '../src/seal/render';

/** Server renders compared with committed images in ./golden (see expectMatchesGolden). */

const GOLDEN_DIR = fileURLToPath(new URL('./golden/', import.meta.url));
/** Anti-aliasing may differ a little between machines; layout changes move thousands of pixels. */
const MAX_DIFFERING_PIXELS = 40;

const GOLDENS = [
  {
    file: 'contract-seal',
    spec: { name: '北京某某科技有限公司', title: '合同专用章', code: '1101081234567' },
  },
  { file: 'four-chars', spec: { name: '某某公司' } },
  { file: 'one-char', spec: { name: '章' } },
  {
    file: 'thirty-chars',
    spec: {
      name: '中华人民共和国某某省某某市某某区某某街道社区居民委员会服务站',
      title: '发票专用章某某某',
      code: '91310115MA1K4XYZ8Q',
    },
  },
  { file: 'latin-mixed', spec: { name: 'ABC科技有限公司', title: '财务专用章' } },
];

describe('seal golden images', () => {
  it.each(GOLDENS)('$file', ({ file, spec }) => {
    const png = renderSealPng(ZCreateSeal.parse(spec));
    expectMatchesGolden(GOLDEN_DIR, file, png, MAX_DIFFERING_PIXELS);
  });
});

/**
 * The seals are drawn from cached glyph outlines into an alpha buffer (AlphaCanvas) since issue
 * 16; before, Skia drew them with fillText. The goldens were redrawn then, after this comparison
 * showed the change is anti-aliasing only: exact area coverage instead of Skia's supersampling,
 * and no hinting of the upright glyphs (Skia snapped their horizontal stems to whole pixels, so
 * those edges moved by up to half a pixel, 0.04 mm of a 42 mm seal). Every pixel that changed by
 * more than a rounding lies on an edge, where the old drawing's neighbourhood goes from little ink
 * to much; none inside a stroke or in the open; the ink as a whole stays within 3%.
 */
describe('the outline drawing against the canvas drawing', () => {
  const alpha = (png: Buffer) => {
    const { data, width } = PNG.sync.read(png);
    return { width, at: (x: number, y: number) => data[(y * width + x) * 4 + 3] as number };
  };
  /** Lowest and highest alpha in the 3x3 neighbourhood. */
  const range = (img: ReturnType<typeof alpha>, x: number, y: number) => {
    let lo = 255;
    let hi = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const v = img.at(
          Math.min(img.width - 1, Math.max(0, x + dx)),
          Math.min(img.width - 1, Math.max(0, y + dy)),
        );
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    }
    return hi - lo;
  };

  it.each(GOLDENS)('$file differs only at edges', ({ spec }) => {
    const parsed = ZCreateSeal.parse(spec);
    const ours = alpha(renderSealPng(parsed));
    const skia = alpha(renderSealPngWithCanvas(parsed));
    let inkOurs = 0;
    let inkSkia = 0;
    const offEdge: string[] = [];
    for (let y = 0; y < ours.width; y++) {
      for (let x = 0; x < ours.width; x++) {
        const a = ours.at(x, y);
        const b = skia.at(x, y);
        inkOurs += a;
        inkSkia += b;
        if (Math.abs(a - b) > 8 && range(skia, x, y) < 32 && range(ours, x, y) < 32) {
          offEdge.push(`${x},${y}: ${b} -> ${a}`);
        }
      }
    }
    expect(offEdge).toEqual([]);
    expect(Math.abs(inkOurs - inkSkia) / inkSkia).toBeLessThan(0.03);
  });

  it('draws a character none of the seal fonts holds with the canvas, as before', () => {
    const spec = ZCreateSeal.parse({ name: 'Zürich AG 🙂' });
    expect(renderSealPng(spec).equals(renderSealPngWithCanvas(spec))).toBe(true);
  });
});
