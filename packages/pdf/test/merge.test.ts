/** Merging: pages in order, bookmarks under one per file, links kept, bad files skipped. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { mergePdfs } from '../src';
import { pdfWithBookmarks } from './helpers/outline-pdf';
import { qpdfCheck, tempFile } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

interface QpdfOutline {
  title: string;
  destpageposfrom1: number;
  open: boolean;
  kids: QpdfOutline[];
}

function qpdfOutlines(pdf: Uint8Array): QpdfOutline[] {
  const json = execFileSync('qpdf', ['--json', '--json-key=outlines', tempFile(pdf)], {
    encoding: 'utf8',
  });
  return JSON.parse(json).outlines;
}

const simplify = (items: QpdfOutline[]): unknown[] =>
  items.map((o) => [o.title, o.destpageposfrom1, ...(o.kids.length ? [simplify(o.kids)] : [])]);

function encrypted(bytes: Uint8Array, password: string): Uint8Array {
  const out = tempFile(new Uint8Array());
  execFileSync('qpdf', ['--encrypt', password, 'owner', '256', '--', tempFile(bytes), out]);
  return readFileSync(out);
}

describe('mergePdfs', async () => {
  const a = await pdfWithBookmarks(
    [300, 310, 320],
    [
      { title: 'Intro', to: 0 },
      { title: 'Body', to: 1, open: true, kids: [{ title: 'Last page (named)', to: 'last' }] },
    ],
  );
  const b = await pdfWithBookmarks([400, 410], []);
  // Inherited MediaBox: the merged page must carry it itself.
  const c = encrypted(buildPdf([{}], { mediaBox: [0, 0, 500, 400] }), 'secret');
  const merged = await mergePdfs([
    { bytes: a, name: 'a.pdf' },
    { bytes: new TextEncoder().encode('not a pdf'), name: 'broken.pdf' },
    { bytes: b, name: 'b.pdf' },
    { bytes: c, name: 'locked.pdf' },
    { bytes: c, name: 'c.pdf', password: 'secret' },
  ]);
  const bytes = merged.bytes as Uint8Array;
  const doc = await PDFDocument.load(bytes);

  it('reports each file, skipping the ones that fail', () => {
    expect(merged.results.map((r) => [r.name, r.ok, r.pages, r.code])).toEqual([
      ['a.pdf', true, 3, undefined],
      ['broken.pdf', false, 0, 'NOT_PDF'],
      ['b.pdf', true, 2, undefined],
      ['locked.pdf', false, 0, 'PASSWORD_REQUIRED'],
      ['c.pdf', true, 1, undefined],
    ]);
    expect(qpdfCheck(bytes)).toMatch(/No syntax or stream encoding errors/);
  });

  it('keeps every page in order, each with its own size', () => {
    expect(doc.getPages().map((p) => p.getWidth())).toEqual([300, 310, 320, 400, 410, 500]);
    // No stray copies of pages that links point at.
    const leaves = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFDict && o.get(PDFName.Type) === PDFName.of('Page'));
    expect(leaves).toHaveLength(6);
  });

  it('puts each file’s bookmarks under one bookmark named after it', () => {
    expect(simplify(qpdfOutlines(bytes))).toEqual([
      [
        'a.pdf',
        1,
        [
          ['Intro', 1],
          ['Body', 2, [['Last page (named)', 3]]],
        ],
      ],
      ['b.pdf', 4],
      ['c.pdf', 6],
    ]);
  });

  it('keeps internal links pointing at the merged pages', () => {
    const pages = doc.getPages();
    for (const [first, last] of [
      [0, 2],
      [3, 4],
    ] as const) {
      const annots = pages[first]?.node.lookup(PDFName.Annots, PDFArray);
      const named = annots?.lookup(0, PDFDict).lookup(PDFName.of('Dest'), PDFArray);
      expect(named?.get(0)).toBe(pages[last]?.ref);
      const action = annots?.lookup(1, PDFDict).lookup(PDFName.of('A'), PDFDict);
      expect(action?.lookup(PDFName.of('D'), PDFArray).get(0)).toBe(pages[first + 1]?.ref);
      expect(named?.get(0)).toBeInstanceOf(PDFRef);
    }
  });

  it('gives no bytes and every reason when nothing could be read', async () => {
    const none = await mergePdfs([{ bytes: new Uint8Array([1]), name: 'x' }]);
    expect(none.bytes).toBeUndefined();
    expect(none.results[0]).toMatchObject({ ok: false, code: 'NOT_PDF' });
  });

  it('reports progress per file', async () => {
    const seen: number[] = [];
    await mergePdfs(
      [
        { bytes: b, name: 'b' },
        { bytes: b, name: 'b2' },
      ],
      { onProgress: (p) => p.phase === 'copy' && seen.push(p.done) },
    );
    expect(seen).toEqual([0, 1, 2]);
  });
});
