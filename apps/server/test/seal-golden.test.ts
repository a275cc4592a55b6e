import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ZCreateSeal } from '@yinzhang/seal';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderSealPng } from '../src/seal/render';

/**
 * Server renders compared with committed images in ./golden. On a mismatch the render and a diff
 * image are written next to the golden (<name>.actual.png, <name>.diff.png; git-ignored) to look at.
 * A missing golden fails, unless UPDATE_GOLDEN=1, which writes it: delete a golden and run with
 * UPDATE_GOLDEN=1 to accept a deliberate change, then look at the new image before committing it.
 */

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
    const golden = `${GOLDEN_DIR}${file}.png`;
    const actualPath = `${GOLDEN_DIR}${file}.actual.png`;
    const diffPath = `${GOLDEN_DIR}${file}.diff.png`;
    if (!existsSync(golden)) {
      if (process.env.UPDATE_GOLDEN !== '1') {
        throw new Error(`missing ${golden}: run with UPDATE_GOLDEN=1 to write it, then look at it`);
      }
      writeFileSync(golden, png);
      return;
    }
    const expected = PNG.sync.read(readFileSync(golden));
    const actual = PNG.sync.read(png);
    expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
    const diff = new PNG({ width: expected.width, height: expected.height });
    const differing = pixelmatch(
      expected.data,
      actual.data,
      diff.data,
      expected.width,
      expected.height,
      { threshold: 0.1 },
    );
    if (differing > MAX_DIFFERING_PIXELS) {
      writeFileSync(actualPath, png);
      writeFileSync(diffPath, PNG.sync.write(diff));
    } else {
      rmSync(actualPath, { force: true });
      rmSync(diffPath, { force: true });
    }
    expect(differing, `see ${diffPath}`).toBeLessThanOrEqual(MAX_DIFFERING_PIXELS);
  });
});
