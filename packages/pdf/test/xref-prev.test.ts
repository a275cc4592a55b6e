/**
 * An update whose /Prev points a little early, at the white space before the earlier
 * cross-reference section (pdf.js issue15092: 21 bytes early). qpdf skips the white space and
 * reads the file without a word; we must read it the same way and append to it, not rebuild and
 * rewrite it (src/xref-prev.ts).
 */
import { describe, expect, it } from 'vitest';
import { readPdfInfo } from '../src';
import { latin1, stampAppended } from './helpers/centre-stamp';
import { findBox, isBlack, isRed, qpdfCheck, renderPage } from './helpers/raster';

const GAP = 13;
const A4 = '0 0 595 842';

/**
 * Two pages (page 1 a black square), written with a cross-reference stream that has GAP bytes of
 * white space before it, then `updates` updates (classic tables), the first one's /Prev `early`
 * bytes early (rotated_freetexts has two more updates after that one).
 */
function earlyPrev(early: number, updates = 1): Uint8Array {
  const content = '0 0 0 rg 10 802 30 30 re f\n';
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  const add = (n: number, object: string) => {
    offsets[n] = body.length;
    body += `${n} 0 obj\n${object}\nendobj\n`;
  };
  add(1, '<< /Type /Catalog /Pages 2 0 R >>');
  add(2, '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>');
  add(3, `<< /Type /Page /Parent 2 0 R /MediaBox [${A4}] /Contents 5 0 R >>`);
  add(4, `<< /Type /Page /Parent 2 0 R /MediaBox [${A4}] >>`);
  add(5, `<< /Length ${content.length} >>\nstream\n${content}endstream`);
  body += `${' '.repeat(GAP - 1)}\n`;
  const table = body.length;
  offsets[6] = table;
  const row = (type: number, a: number) =>
    String.fromCharCode(type, (a >> 8) & 0xff, a & 0xff, type === 0 ? 255 : 0);
  let rows = row(0, 0);
  for (let n = 1; n <= 6; n++) rows += row(1, offsets[n] as number);
  body +=
    `6 0 obj\n<< /Type /XRef /Size 7 /W [1 2 1] /Root 1 0 R /Length ${rows.length} >>\nstream\n` +
    `${rows}\nendstream\nendobj\nstartxref\n${table}\n%%EOF\n`;
  let prev = table - early;
  for (let n = 7; n < 7 + updates; n++) {
    const objectAt = body.length;
    const object = `${n} 0 obj\n<< /Producer (update ${n}) >>\nendobj\n`;
    const xrefAt = objectAt + object.length;
    body +=
      `${object}xref\n0 1\n0000000000 65535 f \n${n} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
      `trailer\n<< /Size ${n + 1} /Root 1 0 R /Info ${n} 0 R /Prev ${prev} >>\n` +
      `startxref\n${xrefAt}\n%%EOF\n`;
    prev = xrefAt;
  }
  return latin1(body);
}

describe('an update whose /Prev points at the white space before its section (issue15092)', () => {
  it.each([
    [0, 1],
    [1, 1],
    [GAP, 1],
    [GAP, 3],
  ])('%i bytes early, %i updates: qpdf reads it as it is, and so do we', async (early, updates) => {
    const input = earlyPrev(early, updates);
    expect(qpdfCheck(input)).toMatch(/No syntax or stream encoding errors/);
    const info = await readPdfInfo(input);
    expect(info.pages).toHaveLength(2);
    expect(info.repaired).toBe(false);
  });

  it.each([1, 3])(
    '%i updates: stamped by an appended update, which qpdf accepts and poppler draws',
    async (updates) => {
      const input = earlyPrev(GAP, updates);
      const out = await stampAppended(input);
      expect(findBox(renderPage(out, 1), isRed)).toBeDefined();
      expect(findBox(renderPage(out, 1), isBlack)).toBeDefined();
      expect(findBox(renderPage(out, 2), isRed)).toBeUndefined();
      // Stamped again: the output reads as written.
      await stampAppended(out);
    },
  );
});
