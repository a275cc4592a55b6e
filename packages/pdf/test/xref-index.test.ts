/**
 * A cross-reference stream whose entries name the wrong slot of an object stream (pdf.js bug
 * 1978317: cairo wrote 65,542 annotations into one object stream and each object's index in 2
 * bytes, so the last ones wrapped round). qpdf reads such a file without a word, finding objects
 * by the numbers the object stream lists; we must read it the same way and append to it, not
 * rebuild and rewrite it (src/xref-index.ts). Generated here with a 1-byte index field and 261
 * objects in the stream, so that the catalog, page tree and page (slots 258-260) wrap round.
 */
import { execFileSync } from 'node:child_process';
import { PDF } from '@libpdf/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPdfInfo } from '../src';
import { mayWrap, reindexedObjects } from '../src/xref-index';
import { A4, twoPages } from './helpers/broken-pdfs';
import { latin1, stampAppended } from './helpers/centre-stamp';
import { findBox, isBlack, isRed, qpdfCheck, renderPage, tempFile } from './helpers/raster';

const DUMMIES = 258;
const FIRST_DUMMY = 10;

interface Shape {
  /** Width of the index field: 1 wraps, 2 not. */
  readonly indexBytes: 1 | 2;
  /** Square annotations on the page, in the object stream before the dummies (bug1978317 has 32,768). */
  readonly annots?: number;
  /** The object stream's /Length as an indirect object (cairo writes it so). */
  readonly indirectLength?: boolean;
}

/** The file described above, in the given shape. */
function wrappedIndexPdf(shape: Shape | 1 | 2): Uint8Array {
  const {
    indexBytes,
    annots = 0,
    indirectLength = false,
  } = typeof shape === 'number' ? { indexBytes: shape } : shape;
  const content = '0 0 0 rg 10 802 30 30 re f\n';
  const compressed: [number, string][] = [];
  const firstAnnot = FIRST_DUMMY + DUMMIES + 3;
  const annotRefs: string[] = [];
  for (let i = 0; i < annots; i++) {
    const x = 40 + (i % 20) * 25;
    const y = 700 - Math.floor(i / 20) * 25;
    compressed.push([
      firstAnnot + i,
      `<< /Type /Annot /Subtype /Square /Rect [${x} ${y} ${x + 20} ${y + 20}] /C [0 0 1] >>`,
    ]);
    annotRefs.push(`${firstAnnot + i} 0 R`);
  }
  for (let i = 0; i < DUMMIES; i++) compressed.push([FIRST_DUMMY + i, `<< /Dummy ${i} >>`]);
  compressed.push([3, '<< /Type /Catalog /Pages 4 0 R >>']);
  compressed.push([4, '<< /Type /Pages /Kids [5 0 R] /Count 1 >>']);
  const annotsEntry = annots > 0 ? ` /Annots [${annotRefs.join(' ')}]` : '';
  compressed.push([
    5,
    `<< /Type /Page /Parent 4 0 R /MediaBox [${A4.join(' ')}] /Contents 6 0 R${annotsEntry} >>`,
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
  const size = firstAnnot + annots + 1;
  const lengthObject = size - 1;
  const length = indirectLength ? `${lengthObject} 0 R` : `${streamData.length}`;
  add(
    1,
    `<< /Type /ObjStm /N ${compressed.length} /First ${head.length} /Length ${length} >>\nstream\n${streamData}\nendstream`,
  );
  add(6, `<< /Length ${content.length} >>\nstream\n${content}endstream`);
  if (indirectLength) add(lengthObject, `${streamData.length}`);
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

/** qpdf's word on an object: its cross-reference entry, or its value. */
const qpdf = (pdf: Uint8Array, ...args: string[]) =>
  execFileSync('qpdf', [...args, tempFile(pdf)], { encoding: 'utf8' });
/** The references in page 5's /Annots, inline or in an object of their own, as qpdf reads them. */
function annotationRefs(pdf: Uint8Array): string[] {
  const page = qpdf(pdf, '--show-object=5');
  const moved = /\/Annots (\d+) 0 R/.exec(page);
  const array = moved
    ? qpdf(pdf, `--show-object=${moved[1]}`)
    : (/\/Annots (\[[^\]]*\])/.exec(page)?.[1] ?? '');
  return array.match(/\d+ 0 R/g) ?? [];
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

  it.each([
    ['a 1-byte index field under a /Size over 256', wrappedIndexPdf(1), true],
    ['a 2-byte index field under a /Size of 271', wrappedIndexPdf(2), false],
    ['a classic cross-reference table', twoPages(), false],
    ['no PDF at all', latin1('startxref\n0\n%%EOF\n'), false],
  ])('mayWrap: %s', (_, pdf, expected) => {
    expect(mayWrap(pdf)).toBe(expected);
  });

  describe('read before the one load', () => {
    afterEach(() => vi.restoreAllMocks());

    it.each([
      ['/Length direct', false],
      ['/Length indirect, as cairo writes it', true],
    ])(
      'a wrapped file (%s) is loaded by the engine once, already set right',
      async (_, indirectLength) => {
        const input = wrappedIndexPdf({ indexBytes: 1, indirectLength });
        const load = vi.spyOn(PDF, 'load');
        const info = await readPdfInfo(input);
        expect(info.pages).toHaveLength(1);
        expect(info.repaired).toBe(false);
        expect(load).toHaveBeenCalledTimes(1);
        expect(load.mock.calls[0]?.[0]?.length).toBeGreaterThan(input.length);
      },
    );

    it('a 2-byte field that cannot wrap is loaded as it is, with nothing appended', async () => {
      const input = wrappedIndexPdf(2);
      expect(reindexedObjects(input)).toBeUndefined();
      const load = vi.spyOn(PDF, 'load');
      await readPdfInfo(input);
      expect(load).toHaveBeenCalledTimes(1);
      expect(load.mock.calls[0]?.[0]).toBe(input);
    });
  });

  it('the appended section holds the catalog, page tree and page uncompressed; the rest set right', () => {
    const input = wrappedIndexPdf(1);
    const fixed = reindexedObjects(input, { wrapsOnly: true }) as Uint8Array;
    expect(qpdfCheck(fixed)).toMatch(/No syntax or stream encoding errors/);
    const xref = qpdf(fixed, '--show-xref');
    // The catalog (3), pages (4) and page (5) wrapped round: copied out of the stream.
    for (const n of [3, 4, 5]) expect(xref).toMatch(new RegExp(`^${n}/0: uncompressed`, 'm'));
    // A dummy that did not wrap is where it was.
    expect(xref).toMatch(/^10\/0: compressed; stream = 1, index = 0$/m);
    expect(qpdf(fixed, '--show-object=3')).toMatch(/\/Type \/Catalog/);
    expect(qpdf(fixed, '--show-object=5')).toMatch(/\/Type \/Page\b/);
  });

  it('a page with a long inline /Annots gets the array as its own object: every annotation kept', async () => {
    const input = wrappedIndexPdf({ indexBytes: 1, annots: 300 });
    const refs = annotationRefs(input);
    expect(refs).toHaveLength(300);
    const fixed = reindexedObjects(input) as Uint8Array;
    expect(qpdf(fixed, '--show-object=5')).toMatch(/\/Annots \d+ 0 R/);
    expect(annotationRefs(fixed)).toEqual(refs);
    expect(qpdf(fixed, `--show-object=${(refs[299] as string).split(' ')[0]}`)).toMatch(/\/Square/);
    const out = await stampAppended(input);
    expect(annotationRefs(out)).toEqual(refs);
    const page = renderPage(out, 1);
    expect(findBox(page, isBlack)).toBeDefined();
    expect(findBox(page, isRed)).toBeDefined();
  });
});
