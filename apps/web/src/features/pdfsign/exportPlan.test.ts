import type { PageFraction } from '@yinzhang/seal/placement';
import { describe, expect, it, vi } from 'vitest';
import type { PdfPlacement } from '../../store/pdfsign';
import {
  type EnginePlacement,
  exportPlan,
  imagesUsed,
  pagingImageMm,
  signedName,
} from './exportPlan';
import { runSignJob, type SignEngine } from './signJob';

const noSigning: Pick<
  SignEngine,
  'readP12' | 'signingKeyFromCryptoKey' | 'signPdf' | 'postTimestamp'
> = {
  readP12: vi.fn(),
  signingKeyFromCryptoKey: vi.fn(),
  signPdf: vi.fn(),
  postTimestamp: vi.fn(),
};

const f = (n: number) => n as PageFraction;
function placement(id: string, page: number, y: number, batch = false): PdfPlacement {
  return {
    id,
    stampId: batch ? 'made:b' : 'made:a',
    src: 'blob:x',
    page,
    box: { x: f(0.4), y: f(y), width: f(0.2), height: f(0.14) },
    rotate: 90,
    batch,
  };
}

describe('the export plan', () => {
  it('sends normal stamps in one pass (the one across the gap as is), batch stamps with every', () => {
    const passes = exportPlan(
      [placement('d1', 0, 0.4), placement('d2', 1, 0.95), placement('d3', 3, 0.5, true)],
      { pageGap: 5 / 600 },
    );
    expect(passes).toEqual([
      {
        kind: 'stamp',
        pageGap: 5 / 600,
        placements: [
          { page: 0, image: 'made:a', x: 0.4, y: 0.4, width: 0.2, height: 0.14, rotate: 90 },
          // Runs past the bottom of page 2: the engine's splitAcrossPages draws it on page 3 too.
          { page: 1, image: 'made:a', x: 0.4, y: 0.95, width: 0.2, height: 0.14, rotate: 90 },
        ],
      },
      {
        kind: 'every',
        placement: {
          page: 3,
          image: 'made:b',
          x: 0.4,
          y: 0.5,
          width: 0.2,
          height: 0.14,
          rotate: 90,
        },
        pages: 'all',
      },
    ]);
    expect(imagesUsed(passes)).toEqual(['made:a', 'made:b']);
  });

  it('adds the paging seal last, and nothing at all for no stamps', () => {
    const paging = { image: 'made:a', edge: 'left' as const, y: 0.3, widthMm: 42 };
    expect(exportPlan([], { pageGap: 0.01, paging })).toEqual([{ kind: 'paging', ...paging }]);
    expect(exportPlan([], { pageGap: 0.01 })).toEqual([]);
  });

  it('names the download', () => {
    expect(signedName('合同.PDF')).toBe('合同-signed.pdf');
    expect(signedName('a.b.pdf')).toBe('a.b-signed.pdf');
  });

  it.each([
    { why: 'keeps the password (the output stays encrypted)', decrypt: false, how: 'pw:keep' },
    { why: '移除密码: the one update removes it', decrypt: true, how: 'pw:decrypt' },
  ])(
    'writes every pass in ONE placeAll call (one incremental update); $why',
    async ({ decrypt, how: expected }) => {
      const seen: string[] = [];
      const how = (o: { password?: string | undefined; decrypt?: boolean | undefined }) =>
        `${o.password ?? '-'}:${o.decrypt ? 'decrypt' : 'keep'}`;
      const engine: SignEngine = {
        placeAll: vi.fn(async (bytes, options) => {
          seen.push(
            [
              `place:${bytes[0]}:${how(options)}`,
              `normal:${options.placements.map((p: EnginePlacement) => p.image).join(',')}:${options.pageGap}`,
              `every:${options.every.map((e: { placement: EnginePlacement; pages: string }) => `${e.placement.image}-${e.pages}`).join(',')}`,
              `paging:${options.paging?.edge}:${options.paging?.y}:${options.paging?.image}`,
            ].join(' '),
          );
          expect(options.ignoreRestrictions).toBe(true);
          options.onProgress?.({ phase: 'draw', done: 1, total: 2 });
          options.onNotice?.({ code: 'REPAIRED' });
          return Uint8Array.of((bytes[0] ?? 0) + 1);
        }),
        ...noSigning,
      };
      const passes = exportPlan(
        [placement('d1', 0, 0.4), placement('d2', 0, 0.4, true), placement('d3', 1, 0.2, true)],
        {
          pageGap: 0.01,
          batchPages: 'odd',
          paging: { image: 'made:a', edge: 'right', y: 0.25, widthMm: 40 },
        },
      );
      const progress: number[] = [];
      const notices: string[] = [];
      const out = await runSignJob(
        {
          bytes: Uint8Array.of(10).buffer,
          password: 'pw',
          decrypt,
          ignoreRestrictions: true,
          images: { 'made:a': Uint8Array.of(7).buffer, 'made:b': Uint8Array.of(8).buffer },
          passes,
        },
        engine,
        (p) => progress.push(p),
        (n) => notices.push(n.code),
      );
      expect([...out]).toEqual([11]);
      expect(seen).toEqual([
        `place:10:${expected} normal:made:a:0.01 every:made:b-odd,made:b-odd paging:right:0.25:made:a`,
      ]);
      expect(notices).toEqual(['REPAIRED']);
      expect(progress.at(-1)).toBe(1);
      expect(progress.every((p, i) => i === 0 || p >= (progress[i - 1] ?? 0))).toBe(true);
    },
  );
});

describe('the paging seal width', () => {
  // A made seal's 512 px image has a 4 px margin on every side: 42 mm of ink is 42 / (1 - 8/512) mm.
  it.each([
    { chosen: null, stamp: 42, image: 42 / (1 - 8 / 512), why: 'a made seal at its own size' },
    { chosen: 30, stamp: 42, image: 30 / (1 - 8 / 512), why: 'a made seal at the chosen size' },
    { chosen: 30, stamp: undefined, image: 30, why: 'a signature at the chosen size' },
    { chosen: null, stamp: undefined, image: 42, why: 'a signature at the default seal size' },
  ])('$why', ({ chosen, stamp, image }) => {
    expect(pagingImageMm(chosen, stamp)).toBeCloseTo(image, 9);
  });
});
