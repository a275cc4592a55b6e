/**
 * Pages scanned ahead (scanPagesAhead, as the browser's export worker does while the user places
 * stamps): the update written afterwards is the same as without the scan, for every kind of page
 * content the writer treats differently; a scan serves one append, and a page whose /Contents
 * changed after its scan is scanned again.
 */

import { type PdfDict, PdfStream } from '@libpdf/core';
import type { PageFraction } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import { openForUpdate, type Placement, placeAll, placeAllOn, scanPagesAhead } from '../src';
import { takePageScan } from '../src/page-scan';
import { markedStamp } from './helpers/images';
import { findBox, isRed, qpdfCheck, renderPage } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

const f = (n: number) => n as PageFraction;
const SEAL = markedStamp(120, 120);
const STAMP: Placement = {
  page: 0,
  image: 'seal',
  x: f(0.5),
  y: f(0.5),
  width: f(0.3),
  height: f(0.2),
  rotate: 0,
};
const options = {
  images: { seal: SEAL },
  placements: [],
  every: [{ placement: STAMP, pages: 'all' as const }],
};

/** The trailer's new /ID half is made fresh for every save. */
const text = (b: Uint8Array) =>
  Buffer.from(b)
    .toString('latin1')
    .replace(/\/ID\s*\[[^\]]*\]/g, '/ID []');

const A4 = [0, 0, 595, 842];
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('pages scanned ahead', () => {
  it.each([
    ['balanced content', 'q 1 0 0 1 5 5 cm Q'],
    ['more restores than saves', 'Q Q 0 0 1 rg'],
    ['saves left open', 'q q 2 0 0 2 0 0 cm'],
    ['a text object left open', 'BT /F1 12 Tf'],
    ['a string left open', 'BT (never (closed ET'],
    ['an operator with too few operands (drawn over as a form)', 'BT /F1 1e2 Tf 10 10 Td ET'],
  ])('write the same update as scanning while drawing: %s', async (_, content) => {
    const input = buildPdf([{ mediaBox: A4, content }, { mediaBox: A4 }]);
    const ahead = await openForUpdate(input, {});
    scanPagesAhead(ahead);
    const out = await placeAllOn(ahead, options);
    expect(text(out)).toBe(text(await placeAll(input, options)));
    qpdfCheck(out);
    for (const page of [1, 2]) expect(findBox(renderPage(out, page), isRed)).toBeDefined();
  });

  it('serve one append each, and only while the page lists the /Contents scanned', async () => {
    const update = await openForUpdate(
      buildPdf([
        { mediaBox: A4, content: 'BT /F1 12 Tf' },
        { mediaBox: A4, content: 'BT /F1 12 Tf' },
      ]),
      {},
    );
    scanPagesAhead(update);
    const [a, b] = update.pdf.getPages().map((p) => p.dict) as [PdfDict, PdfDict];
    const first = takePageScan(update.pdf, a);
    expect(first.balance?.inText).toBe(true);
    // Taken once: the next append to the page scans it again.
    const again = takePageScan(update.pdf, a);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    // The second page's content replaced after the scan: the new content is what counts.
    b.set('Contents', update.pdf.register(PdfStream.fromDict({}, latin1('q Q'))));
    expect(takePageScan(update.pdf, b).balance?.inText).toBe(false);
  });
});
