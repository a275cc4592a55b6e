import { fileURLToPath } from 'node:url';
import { ZCreateSeal } from '@yinzhang/seal';
import { describe, it } from 'vitest';
import { expectMatchesGolden } from '../../../test-support/golden';
import { renderSealPng } from '../src/seal/render';

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
