/**
 * A cross-reference stream whose entries name the wrong slot of an object stream (pdf.js bug
 * 1978317: cairo wrote 65,542 annotations into one object stream and each object's index in 2
 * bytes, so the last ones wrapped round). qpdf reads such a file without a word, finding objects
 * by the numbers the object stream lists; we must read it the same way and append to it, not
 * rebuild and rewrite it (src/xref-index.ts). Generated here with a 1-byte index field and 261
 * objects in the stream, so that the catalog, page tree and page (slots 258-260) wrap round.
 */
import { describe, expect, it } from 'vitest';
import { readPdfInfo } from '../src';
import { A4 } from './helpers/broken-pdfs';
import { latin1, stampAppended } from './helpers/centre-stamp';
import { findBox, isBlack, isRed, qpdfCheck, renderPage } from './helpers/raster';

const DUMMIES = 258;
const FIRST_DUMMY = 10;

/** The file described above; `indexBytes` is the width of the index field (1 wraps, 2 not). */
function wrappedIndexPdf(indexBytes: 1 | 2): Uint8Array {
  const content = '0 0 0 rg 10 802 30 30 re f\n';
  const compressed: [number, string][] = [];
  for (let i = 0; i < DUMMIES; i++) compressed.push([FIRST_DUMMY + i, `<< /Dummy ${i} >>`]);
  compressed.push([3, '<< /Type /Catalog /Pages 4 0 R >>']);
  compressed.push([4, '<< /Type /Pages /Kids [5 0 R] /Count 1 >>']);
  compressed.push([
    5,
    `<< /Type /Page /Parent 4 0 R /MediaBox [${A4.join(' ')}] /Contents 6 0 R >>`,
  ]);
  let objects = '';
  const header: string[] = [];
  for (const [n, text] of compressed) {
    header.push(`${n} ${objects.length}`);
    objects += `${text}\n`;
  }
  const head = `${header.join(' ')}\n`;
  const streamData = head + objects;
  let body = '%PDF-1.7\n';
  const offsets = new Map<number, number>();
  const add = (n: number, text: string) => {
    offsets.set(n, body.length);
    body += `${n} 0 obj\n${text}\nendobj\n`;
  };
  add(
    1,
    `<< /Type /ObjStm /N ${compressed.length} /First ${head.length} /Length ${streamData.length} >>\nstream\n${streamData}\nendstream`,
  );
  add(6, `<< /Length ${content.length} >>\nstream\n${content}endstream`);
  const size = FIRST_DUMMY + DUMMIES;
  const xrefAt = body.length;
  offsets.set(7, xrefAt);
  const row = 1 + 2 + indexBytes;
  const rows = new Uint8Array(size * row);
  const put = (n: number, type: number, a: number, b: number) => {
    const at = n * row;
    rows[at] = type;
    rows[at + 1] = (a >> 8) & 0xff;
    rows[at + 2] = a & 0xff;
    if (indexBytes === 2) rows[at + 3] = (b >> 8) & 0xff;
    rows[at + row - 1] = b & 0xff; // a 1-byte field keeps the low byte: 258 becomes 2
  };
  for (let n = 0; n < size; n++) put(n, 0, 0, n === 0 ? 255 : 0);
  for (const [n, at] of offsets) put(n, 1, at, 0);
  compressed.forEach(([n], i) => {
    put(n, 2, 1, i);
  });
  const dict = `<< /Type /XRef /Size ${size} /W [1 2 ${indexBytes}] /Root 3 0 R /Length ${rows.length} >>`;
  const tail = `\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
  const start = latin1(`${body}7 0 obj\n${dict}\nstream\n`);
  const end = latin1(tail);
  const out = new Uint8Array(start.length + rows.length + end.length);
  out.set(start);
  out.set(rows, start.length);
  out.set(end, start.length + rows.length);
  return out;
}

describe('object-stream indexes that wrap round (bug1978317)', () => {
  it.each([1, 2] as const)(
    'a %i-byte index field: qpdf reads the file as it is, and so do we',
    async (width) => {
      const input = wrappedIndexPdf(width);
      expect(qpdfCheck(input)).toMatch(/No syntax or stream encoding errors/);
      const info = await readPdfInfo(input);
      expect(info.pages).toHaveLength(1);
      expect(info.repaired).toBe(false);
    },
  );

  it('is stamped by an appended update, which qpdf accepts and poppler draws', async () => {
    const input = wrappedIndexPdf(1);
    // The incremental path: the input's bytes untouched at the front, no rewrite told of.
    const out = await stampAppended(input);
    const page = renderPage(out, 1);
    expect(findBox(page, isBlack)).toBeDefined();
    expect(findBox(page, isRed)).toBeDefined();
    // The output reads as written, with no correction left to make: stamped again, appended again.
    const again = await stampAppended(out);
    expect((await readPdfInfo(again)).repaired).toBe(false);
  });
});
