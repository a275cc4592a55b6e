/**
 * Issue 14: every write onto an existing PDF is one incremental update, so signatures made by an
 * outside signer (poppler's pdfsig) stay valid; what cannot be appended is refused or, when the
 * caller insists, rewritten with a notice naming the signatures it breaks. Judged by pdfsig,
 * qpdf and pdftoppm.
 */
import type { PageFraction } from '@yinzhang/seal/placement';
import { afterAll, describe, expect, it } from 'vitest';
import {
  outsideSigner,
  qpdfCheck,
  withXrefStream,
  withXrefTable,
} from '../../../test-support/outside-signer';
import {
  mergePdfs,
  type PdfNotice,
  PdfWriteRefusedError,
  type Placement,
  pagingSeal,
  readPdfInfo,
  stampPdf,
} from '../src';
import { discStamp, markedStamp } from './helpers/images';
import { findBox, isBlack, isRed, pixel, renderPage } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';
import { brokenXref, certified, claimsPdfA, startsWithBytes } from './helpers/update-fixtures';

const f = (n: number) => n as PageFraction;
const A4 = [0, 0, 595, 842] as const;
const stamp = markedStamp(200, 100);
const at = (page: number, y = 0.4): Placement => ({
  page,
  image: 's',
  x: f(0.3),
  y: f(y),
  width: f(0.3),
  height: f(0.1),
  rotate: 0,
});

const signer = outsideSigner('Outside Signer');
afterAll(() => signer.dispose());

const plain = buildPdf(Array(3).fill({ mediaBox: A4 }));
const KINDS = {
  'classic xref table': withXrefTable(plain),
  'xref stream': withXrefStream(plain),
} as const;
/** Two signatures: three revisions before we write anything. */
const signed = Object.fromEntries(
  Object.entries(KINDS).map(([kind, bytes]) => {
    const once = signer.sign(bytes, { field: 'First' });
    return [kind, signer.sign(once, { field: 'Second' })];
  }),
) as Record<keyof typeof KINDS, Uint8Array>;

type Write = (bytes: Uint8Array, extra?: object) => Promise<Uint8Array>;
const WRITES: readonly (readonly [string, Write])[] = [
  ['one page', (b, x) => stampPdf(b, { images: { s: stamp }, placements: [at(0)], ...x })],
  [
    'every page',
    (b, x) =>
      stampPdf(b, {
        images: { s: stamp },
        placements: [],
        every: { placement: at(0), pages: 'all' },
        ...x,
      }),
  ],
  // From 95% of page 1 down past its bottom edge: drawn on pages 1 and 2.
  [
    'across a page break',
    (b, x) => stampPdf(b, { images: { s: stamp }, placements: [at(0, 0.95)], ...x }),
  ],
  ['paging seal', (b, x) => pagingSeal(b, { image: stamp, ...x })],
];

const lastSection = (pdf: Uint8Array) => {
  const tail = new TextDecoder('latin1').decode(pdf.subarray(Math.max(0, pdf.length - 4096)));
  return tail.lastIndexOf('\nxref') > tail.lastIndexOf('/XRef') ? 'table' : 'stream';
};

describe.each(Object.keys(KINDS) as (keyof typeof KINDS)[])('signed twice, %s', (kind) => {
  const input = signed[kind];

  it('the outside signer made two valid signatures', async () => {
    expect(signer.check(input).map((s) => [s.field, s.valid])).toEqual([
      ['First', true],
      ['Second', true],
    ]);
    const info = await readPdfInfo(input);
    expect(info.signatures.map((s) => s.field)).toEqual(['First', 'Second']);
    expect(info.repaired).toBe(false);
  });

  it.each(WRITES)('%s: appended; both signatures still valid; qpdf clean', async (_, write) => {
    const out = await write(input);
    expect(startsWithBytes(out, input)).toBe(true);
    expect(lastSection(out)).toBe(kind === 'xref stream' ? 'stream' : 'table');
    const report = signer.check(out);
    expect(report.map((s) => [s.field, s.valid, s.wholeDocument])).toEqual([
      ['First', true, false],
      ['Second', true, false],
    ]);
    expect(qpdfCheck(out)).toBeNull();
    const page = renderPage(out, 1);
    expect(findBox(page, isRed)).toBeDefined();
    expect(findBox(page, isBlack)).toBeDefined();
  });

  it('a second stamp is a second update: both earlier signatures still valid', async () => {
    const once = await stampPdf(input, { images: { s: stamp }, placements: [at(0)] });
    const twice = await stampPdf(once, { images: { s: stamp }, placements: [at(2)] });
    expect(startsWithBytes(twice, once)).toBe(true);
    expect(signer.check(twice).every((s) => s.valid)).toBe(true);
    expect(findBox(renderPage(twice, 3), isRed)).toBeDefined();
  });
});

describe('refusals and rewrites', () => {
  const input = signed['classic xref table'];
  const collect = () => {
    const notices: PdfNotice[] = [];
    return { notices, onNotice: (n: PdfNotice) => notices.push(n) };
  };

  it.each(WRITES)('%s: a certification allowing no changes is refused', async (_, write) => {
    const err = await write(await certified(plain, 1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfWriteRefusedError);
    expect(err).toMatchObject({ code: 'CERTIFIED_NO_CHANGES' });
  });

  it('forceRewrite rewrites a certified file and names the certification it breaks', async () => {
    const source = await certified(plain, 1);
    expect((await readPdfInfo(source)).certification).toBe(1);
    const { notices, onNotice } = collect();
    const out = await stampPdf(source, {
      images: { s: stamp },
      placements: [at(0)],
      forceRewrite: true,
      onNotice,
    });
    expect(startsWithBytes(out, source)).toBe(false);
    expect(notices.map((n) => n.code)).toEqual(['REWRITTEN', 'SIGNATURES_INVALIDATED']);
    expect(notices[1]?.signatures).toEqual(['Certification']);
    expect(qpdfCheck(out)).toBeNull();
  });

  it.each([2, 3] as const)('a certification with P=%i allows a stamp, appended', async (p) => {
    const source = await certified(plain, p);
    expect((await readPdfInfo(source)).certification).toBe(p);
    const out = await stampPdf(source, { images: { s: stamp }, placements: [at(0)] });
    expect(startsWithBytes(out, source)).toBe(true);
  });

  it('a signed file that needs repair is refused; forceRewrite names the broken signatures', async () => {
    const broken = brokenXref(input);
    const info = await readPdfInfo(broken);
    expect(info.repaired).toBe(true);
    for (const write of WRITES.map(([, w]) => w)) {
      await expect(write(broken)).rejects.toMatchObject({ code: 'SIGNED_NEEDS_REPAIR' });
    }
    const { notices, onNotice } = collect();
    const out = await stampPdf(broken, {
      images: { s: stamp },
      placements: [at(0)],
      forceRewrite: true,
      onNotice,
    });
    expect(notices.map((n) => n.code)).toEqual(['REPAIRED', 'REWRITTEN', 'SIGNATURES_INVALIDATED']);
    expect(notices[2]?.signatures).toEqual(['First', 'Second']);
    expect(qpdfCheck(out)).toBeNull();
    expect(findBox(renderPage(out, 1), isRed)).toBeDefined();
  });

  it('an unsigned file that needs repair is rewritten with notices', async () => {
    const { notices, onNotice } = collect();
    const out = await pagingSeal(brokenXref(KINDS['xref stream']), { image: stamp, onNotice });
    expect(notices.map((n) => n.code)).toEqual(['REPAIRED', 'REWRITTEN']);
    expect(qpdfCheck(out)).toBeNull();
  });

  it('forceRewrite on a signed file that could be appended to: rewritten, signatures named', async () => {
    const { notices, onNotice } = collect();
    const out = await stampPdf(input, {
      images: { s: stamp },
      placements: [at(0)],
      forceRewrite: true,
      onNotice,
    });
    expect(notices.map((n) => n.code)).toEqual(['REWRITTEN', 'SIGNATURES_INVALIDATED']);
    expect(signer.check(out).some((s) => s.valid)).toBe(false);
  });

  it('a PDF/A claim: appended without a word; a rewrite says it may no longer conform', async () => {
    const source = await claimsPdfA(plain, 2, 'b');
    expect((await readPdfInfo(source)).pdfA).toBe('2B');
    const quiet = collect();
    await stampPdf(source, { images: { s: stamp }, placements: [at(0)], ...quiet });
    expect(quiet.notices).toEqual([]);
    const loud = collect();
    await stampPdf(source, {
      images: { s: stamp },
      placements: [at(0)],
      forceRewrite: true,
      onNotice: loud.onNotice,
    });
    expect(loud.notices.map((n) => n.code)).toEqual(['REWRITTEN', 'NO_LONGER_PDFA']);
  });

  it.each([
    [1, 'B', '/Mask'],
    [2, 'B', '/SMask'],
  ] as const)(
    'PDF/A-%i%s and a PNG stamp, appended without a notice, its alpha as %s',
    async (part, level, mask) => {
      const source = await claimsPdfA(plain, part, level);
      const { notices, onNotice } = collect();
      const out = await stampPdf(source, { images: { s: stamp }, placements: [at(0)], onNotice });
      expect(startsWithBytes(out, source)).toBe(true);
      // PDF/A-1 forbids soft masks and allows a 1-bit stencil /Mask: the output stays PDF/A-1.
      expect(notices).toEqual([]);
      const appended = new TextDecoder('latin1').decode(out.subarray(source.length));
      expect(appended).toContain(`${mask} `);
      if (part === 1) expect(appended).not.toMatch(/\/SMask\b/);
      expect(findBox(renderPage(out, 1), isRed)).toBeDefined();
    },
  );

  it('PDF/A-1: the stencil paints the seal and leaves its transparent corners unpainted', async () => {
    const source = await claimsPdfA(plain, 1, 'b');
    const square: Placement = { ...at(0), width: f(0.4), height: f(0.4 * (595 / 842)) };
    const out = await stampPdf(source, { images: { s: discStamp(128) }, placements: [square] });
    const img = renderPage(out, 1, 72);
    const box = findBox(img, isRed);
    expect(box).toBeDefined();
    const { x, y, width, height } = box as NonNullable<typeof box>;
    // The disc's centre is red; the corners of its square stay the page's white.
    const sample = (fx: number, fy: number) =>
      pixel(img, Math.round(fx * img.width), Math.round(fy * img.height));
    expect(isRed(sample(x + width / 2, y + height / 2))).toBe(true);
    expect(sample(x + 0.02, y + 0.02)).toEqual([255, 255, 255]);
  });

  it('merge says which inputs claimed PDF/A: the merged file claims nothing', async () => {
    const claimed = await claimsPdfA(plain, 1, 'b');
    const { notices, onNotice } = collect();
    const out = await mergePdfs(
      [
        { bytes: plain, name: 'plain.pdf' },
        { bytes: claimed, name: 'archive.pdf' },
      ],
      { onNotice },
    );
    expect(out.results.map((r) => r.ok)).toEqual([true, true]);
    expect(notices).toEqual([
      expect.objectContaining({ code: 'NO_LONGER_PDFA', file: 'archive.pdf' }),
    ]);
    expect((await readPdfInfo(out.bytes as Uint8Array)).pdfA).toBeNull();
  });

  it('merge says which inputs lose their signatures', async () => {
    const { notices, onNotice } = collect();
    const out = await mergePdfs(
      [
        { bytes: input, name: 'signed.pdf' },
        { bytes: plain, name: 'plain.pdf' },
      ],
      { onNotice },
    );
    expect(out.results.map((r) => r.ok)).toEqual([true, true]);
    expect(notices).toEqual([
      expect.objectContaining({
        code: 'SIGNATURES_DROPPED',
        file: 'signed.pdf',
        signatures: ['First', 'Second'],
      }),
    ]);
  });
});
