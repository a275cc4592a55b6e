/**
 * Broken and hostile PDFs through every entry point (info, stamp, paging seal, merge): each gives
 * a typed error with the expected code or a correct result, never a raw exception, a stack
 * overflow or a hang. The per-test timeouts are hang guards, not speed targets.
 */
import type { PageFraction } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import {
  mergePdfs,
  PdfError,
  type PdfErrorCode,
  type Placement,
  pagingSeal,
  readPdfInfo,
  stampPdf,
} from '../src';
import {
  A4,
  deepPageTree,
  edited,
  nested,
  noise,
  noiseWithMarkers,
  qpdfEncrypt,
  tailEdited,
  twoPages,
  withObject,
} from './helpers/broken-pdfs';
import { markedStamp } from './helpers/images';
import { withObjectStreams } from './helpers/qpdf';
import { findBox, isBlack, isRed, qpdfCheck, renderPage } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

const HANG_GUARD_MS = 30_000;
const f = (n: number) => n as PageFraction;
const stamp = markedStamp(200, 100);
const placement: Placement = {
  page: 0,
  image: 's',
  x: f(0.5),
  y: f(0.5),
  width: f(0.3),
  height: f(0.1),
  rotate: 0,
};
const text = (s: string) => new TextEncoder().encode(s);

type Outcome = { readonly error: readonly PdfErrorCode[] } | { readonly pages: number };
interface Case {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly password?: string;
  readonly expect: Outcome;
  /** The input carries an object qpdf warns about, and the output keeps it. */
  readonly qpdfWarns?: true;
}

const DAMAGED: Outcome = { error: ['BROKEN_PDF'] };
const TWO_PAGES: Outcome = { pages: 2 };

/** A small file with object streams and a cross-reference stream, as many writers save. */
async function objectStreamPdf(): Promise<Uint8Array> {
  return withObjectStreams(buildPdf([{ mediaBox: A4 }, { mediaBox: A4 }]));
}

/** Cuts at 24 points through the file, all before its last `startxref`. */
function cuts(name: string, bytes: Uint8Array): Case[] {
  const end = new TextDecoder('latin1').decode(bytes).lastIndexOf('startxref');
  return Array.from({ length: 24 }, (_, k) => {
    const at = Math.floor((end * k) / 24);
    return {
      name: `${name} cut at byte ${at} of ${bytes.length}`,
      bytes: bytes.subarray(0, at),
      expect: { error: at < 5 ? ['NOT_PDF'] : ['BROKEN_PDF', 'NO_PAGES'] },
    };
  });
}

/**
 * Cuts after the last `startxref`: every object is there, only the end is short. pdf-lib reads
 * the file without its end markers, but not without a number after `startxref`.
 */
function tailCuts(bytes: Uint8Array): Case[] {
  const start = new TextDecoder('latin1').decode(bytes).lastIndexOf('startxref');
  return (
    [
      // Cut right after "startxref": the objects are all there, and readers rebuild the table.
      [start + 'startxref\n'.length, TWO_PAGES],
      [start + 'startxref\n'.length + 1, TWO_PAGES],
      [bytes.length - 3, TWO_PAGES],
    ] as const
  ).map(([at, expect]) => ({
    name: `cut at byte ${at}, after startxref`,
    bytes: bytes.subarray(0, at),
    expect,
  }));
}

const plain = twoPages();
const objStm = await objectStreamPdf();
const locked = qpdfEncrypt(plain, 'user', 'owner');
const firstPage = '/Type /Page /Parent 2 0 R';
const rootPages = /\/Type \/Pages \/Kids \[([^\]]*)\] \/Count \d+/;

const CASES: readonly Case[] = [
  ...cuts('plain', plain),
  ...cuts('object streams', objStm),
  ...tailCuts(plain),

  // pdf-lib reads objects where they are, not where the table says: a wrong table costs nothing.
  ...(
    [
      ['xref offsets all wrong', (t) => t.replace(/\d{10} 00000 n/g, '0000000003 00000 n')],
      ['no xref table', (t) => t.replace(/xref\n[\s\S]*?trailer/, 'trailer')],
      ['xref claims 1000 entries', (t) => t.replace(/xref\n0 \d+/, 'xref\n0 1000')],
      ['startxref past the end', (t) => t.replace(/startxref\n\d+/, 'startxref\n99999999')],
      ['no startxref line', (t) => t.replace(/startxref\n\d+\n/, '')],
      ['trailer /Size 2^31', (t) => t.replace(/\/Size \d+/, '/Size 2147483647')],
    ] as const satisfies readonly (readonly [string, (t: string) => string])[]
  ).map(([name, change]): Case => ({ name, bytes: tailEdited(change), expect: TWO_PAGES })),
  {
    // Readers (and @libpdf/core's recovery) rebuild the table by scanning: issue 19.
    name: 'startxref not a number',
    bytes: tailEdited((t) => t.replace(/startxref\n\d+/, 'startxref\nabc')),
    expect: TWO_PAGES,
  },
  // Without a usable /Root pdf-lib looks for the object whose /Type is /Catalog.
  ...(
    [
      ['trailer /Root names a missing object', (t) => t.replace('/Root 1 0 R', '/Root 77 0 R')],
      ['trailer /Root is a number', (t) => t.replace('/Root 1 0 R', '/Root 5')],
      ['no xref, no trailer', (t) => `${t.slice(0, t.indexOf('xref\n'))}%%EOF\n`],
    ] as const satisfies readonly (readonly [string, (t: string) => string])[]
  ).map(([name, change]): Case => ({ name, bytes: tailEdited(change), expect: TWO_PAGES })),

  { name: 'encrypted, no password', bytes: locked, expect: { error: ['PASSWORD_REQUIRED'] } },
  {
    name: 'encrypted, wrong password',
    bytes: locked,
    password: 'nope',
    expect: { error: ['PASSWORD_WRONG'] },
  },
  { name: 'encrypted, right password', bytes: locked, password: 'user', expect: TWO_PAGES },

  {
    name: 'zero pages: /Kids [] /Count 0',
    bytes: edited((b) => b.replace(rootPages, '/Type /Pages /Kids [] /Count 0')),
    expect: { error: ['NO_PAGES'] },
  },
  {
    name: 'zero pages: /Count 0 and no /Kids',
    bytes: edited((b) => b.replace(rootPages, '/Type /Pages /Count 0')),
    expect: { error: ['NO_PAGES'] },
  },
  {
    name: 'pages listed that do not exist',
    bytes: edited((b) => b.replace(rootPages, '/Type /Pages /Kids [40 0 R 41 0 R] /Count 2')),
    expect: { error: ['BROKEN_PDF', 'NO_PAGES'] },
  },
  {
    // Readers count the pages the tree lists, whatever /Count says: repaired (issue 19).
    name: '/Count says 5, two pages listed',
    bytes: edited((b) => b.replace('/Count 2', '/Count 5')),
    expect: TWO_PAGES,
  },

  ...([10_000, 100_000] as const).flatMap((depth): Case[] => [
    {
      name: `arrays nested ${depth} deep in the catalog`,
      bytes: edited((b) =>
        b.replace('/Type /Catalog', `/Type /Catalog /X ${nested('array', depth)}`),
      ),
      expect: DAMAGED,
    },
    {
      name: `dictionaries nested ${depth} deep in a page`,
      bytes: edited((b) => b.replace(firstPage, `${firstPage} /X ${nested('dict', depth)}`)),
      expect: DAMAGED,
    },
    {
      // Nothing refers to it, so the document is whole; the object may be kept or dropped.
      name: `arrays nested ${depth} deep in an object nothing uses`,
      bytes: edited((b) => withObject(b, 20, nested('array', depth))),
      expect: TWO_PAGES,
      qpdfWarns: true,
    },
  ]),
  { name: 'a page tree 100 levels deep', bytes: deepPageTree(100), expect: { pages: 1 } },
  { name: 'a page tree 10,000 levels deep', bytes: deepPageTree(10_000), expect: DAMAGED },
  {
    name: "a page's /Parent is the page itself",
    bytes: edited((b) => b.replace(firstPage, '/Type /Page /Parent 3 0 R')),
    expect: DAMAGED,
  },
  {
    name: 'the root /Pages is its own /Parent',
    bytes: edited((b) => b.replace('/Type /Pages', '/Type /Pages /Parent 2 0 R')),
    expect: DAMAGED,
  },
  {
    name: 'a /Parent loop between two /Pages nodes',
    bytes: edited((b) =>
      withObject(
        b.replace('/Type /Pages', '/Type /Pages /Parent 20 0 R'),
        20,
        '<< /Type /Pages /Parent 2 0 R /Kids [] /Count 0 >>',
      ),
    ),
    expect: DAMAGED,
  },
  {
    name: 'the root /Pages lists itself among its /Kids',
    bytes: edited((b) => b.replace(rootPages, (m) => m.replace('/Kids [', '/Kids [2 0 R '))),
    expect: DAMAGED,
  },
  {
    name: 'a /Kids cycle through two nodes',
    bytes: edited((b) =>
      withObject(
        b.replace(rootPages, (m) => m.replace('/Kids [', '/Kids [20 0 R ')),
        20,
        '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
      ),
    ),
    expect: DAMAGED,
  },
  {
    name: "a page's /Contents array lists itself",
    bytes: edited((b) =>
      withObject(b.replace(/\/Contents 4 0 R/, '/Contents 20 0 R'), 20, '[20 0 R 4 0 R]'),
    ),
    expect: DAMAGED,
  },
  {
    name: "a page's /Resources refer to themselves",
    bytes: edited((b) =>
      withObject(
        b.replace(firstPage, `${firstPage} /Resources 20 0 R`),
        20,
        '<< /XObject << >> /Self 20 0 R >>',
      ),
    ),
    expect: TWO_PAGES,
  },

  { name: '64 KB of noise', bytes: noise(65_536), expect: { error: ['NOT_PDF'] } },
  {
    name: 'noise between a PDF header and end markers',
    bytes: noiseWithMarkers(65_536),
    expect: DAMAGED,
  },
  { name: 'a PNG', bytes: stamp, expect: { error: ['NOT_PDF'] } },
  {
    name: 'an HTML page',
    bytes: text('<!doctype html><title>x</title>'),
    expect: { error: ['NOT_PDF'] },
  },
  { name: 'zero bytes', bytes: new Uint8Array(), expect: { error: ['NOT_PDF'] } },
  { name: 'only a header', bytes: text('%PDF-1.7\n'), expect: DAMAGED },
];

/** The error an engine call threw; fails the test when it did not throw or threw something raw. */
async function typedError(work: Promise<unknown>): Promise<PdfError> {
  const err = await work.then(
    () => new Error('expected a failure, got a result'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PdfError);
  return err as PdfError;
}

describe.each(CASES)('$name', ({ bytes, password, expect: outcome, qpdfWarns }) => {
  const opts = password === undefined ? {} : { password };

  it('info', { timeout: HANG_GUARD_MS }, async () => {
    const work = readPdfInfo(bytes, password);
    if ('error' in outcome) expect(outcome.error).toContain((await typedError(work)).code);
    else expect((await work).pages).toHaveLength(outcome.pages);
  });

  it('stamp', { timeout: HANG_GUARD_MS }, async () => {
    const work = stampPdf(bytes, { images: { s: stamp }, placements: [placement], ...opts });
    if ('error' in outcome) {
      expect(outcome.error).toContain((await typedError(work)).code);
      return;
    }
    const out = await work;
    // An encrypted input stays encrypted: the same password opens the output.
    if (!qpdfWarns) {
      expect(qpdfCheck(out, password)).toMatch(/No syntax or stream encoding errors/);
    }
    expect((await readPdfInfo(out, password)).pages).toHaveLength(outcome.pages);
    const page = renderPage(out, 1, 36, password);
    expect(findBox(page, isBlack)).toBeDefined();
    expect(findBox(page, isRed)).toBeDefined();
  });

  it('paging seal', { timeout: HANG_GUARD_MS }, async () => {
    const work = pagingSeal(bytes, { image: stamp, ...opts });
    if ('error' in outcome) {
      expect(outcome.error).toContain((await typedError(work)).code);
      return;
    }
    expect((await readPdfInfo(await work, password)).pages).toHaveLength(outcome.pages);
  });

  it('merge with a good file: reported, the good file still merged', {
    timeout: HANG_GUARD_MS,
  }, async () => {
    const { bytes: out, results } = await mergePdfs([
      { bytes, name: 'bad.pdf', ...opts },
      { bytes: plain, name: 'good.pdf' },
    ]);
    const own = 'pages' in outcome ? outcome.pages : 0;
    expect(results[0]).toMatchObject({ name: 'bad.pdf', ok: 'pages' in outcome, pages: own });
    if ('error' in outcome) expect(outcome.error).toContain(results[0]?.code);
    expect(results[1]).toMatchObject({ ok: true, pages: 2 });
    expect((await readPdfInfo(out as Uint8Array)).pages).toHaveLength(own + 2);
  });
});

describe('10,000 pages', () => {
  const big = buildPdf(Array.from({ length: 10_000 }, () => ({ mediaBox: A4 })));

  it('info counts every page', { timeout: HANG_GUARD_MS }, async () => {
    const { pages } = await readPdfInfo(big);
    expect(pages).toHaveLength(10_000);
    expect(pages[9_999]).toEqual({ width: 595, height: 842 });
  });

  it('a batch stamp reaches the last page', { timeout: HANG_GUARD_MS * 2 }, async () => {
    const out = await stampPdf(big, {
      images: { s: stamp },
      placements: [],
      every: { placement, pages: 'all' },
    });
    expect((await readPdfInfo(out)).pages).toHaveLength(10_000);
    for (const n of [1, 5_000, 10_000]) {
      const page = renderPage(out, n);
      expect(findBox(page, isRed)).toBeDefined();
      expect(findBox(page, isBlack)).toBeDefined();
    }
  });

  it('merging it with a small file keeps every page in order', {
    timeout: HANG_GUARD_MS * 2,
  }, async () => {
    const marked = buildPdf([{ mediaBox: [0, 0, 300, 300] }]);
    const { bytes: out, results } = await mergePdfs([
      { bytes: big, name: 'big.pdf' },
      { bytes: marked, name: 'small.pdf' },
    ]);
    expect(results.map((r) => r.pages)).toEqual([10_000, 1]);
    const { pages } = await readPdfInfo(out as Uint8Array);
    expect(pages).toHaveLength(10_001);
    expect(pages[9_999]).toEqual({ width: 595, height: 842 });
    expect(pages[10_000]).toEqual({ width: 300, height: 300 });
  });

  it('a paging seal covers every page', { timeout: HANG_GUARD_MS * 2 }, async () => {
    const out = await pagingSeal(big, { image: stamp });
    expect((await readPdfInfo(out)).pages).toHaveLength(10_000);
    expect(findBox(renderPage(out, 10_000), isRed)).toBeDefined();
  });
});
