import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cjkPdf, type FixturePage } from '../../../test-support/cjk-pdf';
import { PdfPasswordError } from '../src/errors';
import { findTextInPdf, foldForSearch, placementAtHit } from '../src/find-text';
import { mm } from '../src/units';

const line = (extra: Partial<FixturePage['runs'][number]> = {}) => ({
  text: '甲方（盖章）：',
  x: 100,
  y: 700,
  size: 20,
  ...extra,
});

// Expected boxes are in displayed points: [left, top, right, bottom], from the visible page's top-left.
// A 20 pt CJK character is 20 pt wide; @libpdf/core's box runs from 0.12 em below the baseline to
// 0.88 em above it. '（盖章）' is characters 2..5 of '甲方（盖章）：' starting at x = 100.
const cases: {
  name: string;
  page: FixturePage;
  query: string;
  box: [number, number, number, number];
  size: [number, number];
}[] = [
  {
    name: 'one Tj, Identity-H + ToUnicode',
    page: { runs: [line()] },
    query: '（盖章）',
    box: [140, 124.4, 220, 144.4],
    size: [595, 842],
  },
  {
    name: 'one operator per character',
    page: { runs: [line({ split: 'chars' })] },
    query: '甲方（盖章）',
    box: [100, 124.4, 220, 144.4],
    size: [595, 842],
  },
  {
    name: 'TJ with kerns, UniGB-UCS2-H',
    page: { runs: [line({ split: 'tj', font: 'ucs2' })] },
    query: '(盖章)',
    box: [140.4, 124.4, 221, 144.4],
    size: [595, 842],
  },
  {
    name: 'half-width brackets and spaces in the query',
    page: { runs: [line()] },
    query: ' 甲方 (盖章) ',
    box: [100, 124.4, 220, 144.4],
    size: [595, 842],
  },
  {
    name: 'offset CropBox',
    page: { cropBox: [50, 100, 545, 800], runs: [line()] },
    query: '（盖章）',
    box: [90, 82.4, 170, 102.4],
    size: [495, 700],
  },
  {
    name: '/Rotate 90',
    page: { rotate: 90, runs: [line()] },
    query: '（盖章）',
    box: [697.6, 140, 717.6, 220],
    size: [842, 595],
  },
  {
    name: '/Rotate 180 + CropBox',
    page: { rotate: 180, cropBox: [50, 100, 545, 800], runs: [line()] },
    query: '盖章',
    box: [345, 597.6, 385, 617.6],
    size: [495, 700],
  },
  {
    name: '/Rotate 270',
    page: { rotate: 270, runs: [line()] },
    query: '（盖章）',
    box: [124.4, 375, 144.4, 455],
    size: [842, 595],
  },
];

describe('findTextInPdf: boxes in fractions of the displayed page', () => {
  it.each(cases)('$name', async ({ page, query, box, size }) => {
    const hits = await findTextInPdf(cjkPdf([page]), query);
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    const [w, h] = size;
    const got = [
      hit?.box.x ?? 0,
      hit?.box.y ?? 0,
      (hit?.box.x ?? 0) + (hit?.box.width ?? 0),
      (hit?.box.y ?? 0) + (hit?.box.height ?? 0),
    ];
    const want = [box[0] / w, box[1] / h, box[2] / w, box[3] / h];
    for (const [i, g] of got.entries()) expect(g).toBeCloseTo(want[i] as number, 3);
  });

  it('finds every hit, page by page, with its line as context', async () => {
    const bytes = cjkPdf([
      { runs: [line(), line({ text: '乙方（盖章）：', x: 320, split: 'chars' })] },
      { runs: [line({ text: '日期：2026年', y: 500 })] },
      { runs: [line({ font: 'ucs2', split: 'tj', y: 100 })] },
    ]);
    const hits = await findTextInPdf(bytes, '（盖章）');
    expect(hits.map((h) => h.page)).toEqual([0, 0, 2]);
    expect(hits[0]?.context).toContain('甲方（盖章）');
    expect(hits[0]?.text).toBe('（盖章）');
    expect(await findTextInPdf(bytes, '丙方')).toEqual([]);
    expect(await findTextInPdf(bytes, '   ')).toEqual([]);
  });

  it('reads an AES-256 file with its password (qpdf encrypts), and asks for it without', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'find-text-'));
    try {
      writeFileSync(join(dir, 'in.pdf'), cjkPdf([{ runs: [line()] }]));
      execFileSync('qpdf', [
        '--encrypt',
        'user',
        'owner',
        '256',
        '--',
        join(dir, 'in.pdf'),
        join(dir, 'locked.pdf'),
      ]);
      const locked = new Uint8Array(readFileSync(join(dir, 'locked.pdf')));
      const hits = await findTextInPdf(locked, '（盖章）', { password: 'user' });
      expect(hits.map((h) => h.text)).toEqual(['（盖章）']);
      await expect(findTextInPdf(locked, '（盖章）')).rejects.toBeInstanceOf(PdfPasswordError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['（盖章）', '(盖章)'],
    ['甲方 （盖章）：', '甲方(盖章):'],
    ['ＡＢＣ', 'abc'],
    ['【甲方】', '【甲方】'],
  ])('foldForSearch(%s) = %s', (input, folded) => {
    expect(foldForSearch(input)).toBe(foldForSearch(folded));
  });
});

describe('placementAtHit', () => {
  const hit = {
    page: 2,
    text: 'x',
    context: 'x',
    box: { x: 0.2, y: 0.4, width: 0.1, height: 0.02 },
  } as never;
  const page = { width: 595, height: 842 };
  it.each([
    { dx: 0, dy: 0, cx: 0.25 * 595, cy: 0.41 * 842 },
    { dx: 10, dy: -5, cx: 0.25 * 595 + (10 * 72) / 25.4, cy: 0.41 * 842 - (5 * 72) / 25.4 },
  ])('centre offset by dx=$dx mm, dy=$dy mm', ({ dx, dy, cx, cy }) => {
    const p = placementAtHit(hit, page, {
      image: 's',
      aspect: 2,
      widthMm: mm(40),
      dxMm: mm(dx),
      dyMm: mm(dy),
    });
    const wPt = (40 * 72) / 25.4;
    expect(p.page).toBe(2);
    expect(p.width * 595).toBeCloseTo(wPt, 6);
    expect(p.height * 842).toBeCloseTo(wPt / 2, 6);
    expect((p.x + p.width / 2) * 595).toBeCloseTo(cx, 6);
    expect((p.y + p.height / 2) * 842).toBeCloseTo(cy, 6);
  });
});
