/**
 * Files @libpdf/core cannot read as written, which the one-parse reader (src/read.ts) repairs
 * or refuses as qpdf does: each class the pdf.js corpus showed, generated here. qpdf is the
 * judge: where it lists pages we must read, stamp and merge them all (repaired, with a notice);
 * where it lists none, NO_PAGES is the answer.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { mergePdfs, type PdfNoticeCode, readPdfInfo, stampPdf } from '../src';
import { A4, edited, twoPages, withObject, withXref } from './helpers/broken-pdfs';
import { centrePlacement, centreStamp, latin1 } from './helpers/centre-stamp';
import { findBox, isBlack, isRed, qpdfCheck, renderPage, tempFile } from './helpers/raster';

const stamp = centreStamp;
const placement = centrePlacement;
const text = (b: Uint8Array) => new TextDecoder('latin1').decode(b);
const content = '0 0 0 rg 10 802 30 30 re f\n';
const stream = `<< /Length ${content.length} >>\nstream\n${content}endstream`;

/** qpdf's view of a file: read at all (exit 0 or 3), and the pages its tree lists. */
function qpdfPages(bytes: Uint8Array): number {
  const r = spawnSync('qpdf', ['--show-pages', tempFile(bytes)], { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 3) return -1;
  return r.stdout.split('\n').filter((l) => /^page \d+:/.test(l)).length;
}

interface Case {
  readonly name: string;
  /** The corpus file that showed the class. */
  readonly seen: string;
  readonly bytes: Uint8Array;
  /** Pages qpdf lists, and so must we; 0: NO_PAGES. */
  readonly pages: number;
}

/** Two pages, each drawing a black square at the top left, then a PDF's end and junk. */
const junk = 'x'.repeat(4096);

const CASES: readonly Case[] = [
  {
    // A whole file, then more than the 2 KB in which readers look for its end markers.
    name: 'junk appended after %%EOF',
    seen: 'scan-bad',
    bytes: latin1(`${text(twoPages())}${junk}`),
    pages: 2,
  },
  {
    // A header without its version digit, no table, no startxref, no %%EOF, the catalog inline
    // in the trailer, an untyped /Pages node, a page written inline in its /Kids, no endobj.
    name: 'no table, an inline catalog and an inline untyped page',
    seen: 'issue9105_other',
    bytes: latin1(
      `%PDF-1.\n1 0 obj\n<</Kids[<</Parent 1 0 R/MediaBox [${A4.join(' ')}]/Contents 2 0 R>>]>>\n` +
        `2 0 obj\n${stream}\nendobj\ntrailer<</Root<</Pages 1 0 R>>>>\n`,
    ),
    pages: 1,
  },
  {
    name: 'untyped page-tree nodes and pages, listed by reference',
    seen: 'issue9105_other',
    bytes: edited((b) => b.replaceAll('/Type /Page /', '/').replace('/Type /Pages ', '')),
    pages: 2,
  },
  {
    // The table points a page's content at another object: qpdf rebuilds the table.
    name: 'the table swaps the offsets of two content streams',
    seen: 'issue19 damaged files',
    bytes: (() => {
      const t = text(twoPages());
      const offsets = [...t.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => m[1] as string);
      const [c1, c2] = [offsets[3], offsets[5]] as [string, string];
      return latin1(
        t
          .replace(`${c1} 00000 n`, 'SWAP_A')
          .replace(`${c2} 00000 n`, `${c1} 00000 n`)
          .replace('SWAP_A', `${c2} 00000 n`),
      );
    })(),
    pages: 2,
  },
  {
    // qpdf: "doesn't point to the root of the page tree; attempting to correct".
    name: "the catalog's /Pages names a page inside the tree, not its root",
    seen: 'issue21436',
    bytes: edited((b) => b.replace('/Type /Catalog /Pages 2 0 R', '/Type /Catalog /Pages 3 0 R')),
    pages: 2,
  },
  {
    name: "the catalog's /Pages is not a page tree",
    seen: 'issue15590',
    bytes: withXref(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 2 0 R >>\nendobj\n' +
        '2 0 obj\n<< /S /JavaScript /JS (app.alert(1)) >>\nendobj\n',
    ),
    pages: 0,
  },
  {
    name: 'the root /Kids is mangled into a non-array',
    seen: 'poppler-937-0-fuzzed',
    bytes: edited((b) => b.replace(/\/Kids \[([^\]]*)\]/, '/Kids \u0000$1]')),
    pages: 0,
  },
];

describe('reading what @libpdf/core cannot read as written', () => {
  it.each(CASES)('$name ($seen): as qpdf reads it', async (c) => {
    expect(qpdfPages(c.bytes)).toBe(c.pages);
    if (c.pages === 0) {
      await expect(readPdfInfo(c.bytes)).rejects.toMatchObject({ code: 'NO_PAGES' });
      return;
    }
    const info = await readPdfInfo(c.bytes);
    expect(info.pages).toHaveLength(c.pages);
    expect(info.repaired).toBe(true);

    const notices: PdfNoticeCode[] = [];
    const out = await stampPdf(c.bytes, {
      images: { s: stamp },
      placements: [placement],
      onNotice: (n) => notices.push(n.code),
    });
    expect(notices).toEqual(['REPAIRED', 'REWRITTEN']);
    expect(qpdfCheck(out)).toMatch(/No syntax or stream encoding errors/);
    expect((await readPdfInfo(out)).pages).toHaveLength(c.pages);
    for (let n = 1; n <= c.pages; n++) {
      const page = renderPage(out, n);
      // The page's own content survives the repair; the stamp is on the first page only.
      expect(findBox(page, isBlack)).toBeDefined();
      expect(findBox(page, isRed) !== undefined).toBe(n === 1);
    }

    const merged = await mergePdfs([{ bytes: c.bytes, name: 'class.pdf' }]);
    expect(merged.results[0]).toMatchObject({ ok: true, pages: c.pages });
  });

  it('a page whose content object is gone stays refused after the table is rebuilt', async () => {
    // qpdf would draw the page blank; we say it is damaged (errors.test.ts).
    const bytes = edited((b) => withObject(b.replace('6 0 obj', '9 0 obj'), 20, '<< >>'));
    await expect(readPdfInfo(bytes)).rejects.toMatchObject({ code: 'BROKEN_PDF' });
  });
});
