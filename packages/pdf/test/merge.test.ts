/** Merging: pages in order, bookmarks under one per file, links kept, bad files skipped. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfString,
  rgb,
} from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { mergePdfs } from '../src';
import { link, pdfWithBookmarks } from './helpers/outline-pdf';
import { findBox, isBlack, qpdfCheck, renderPage, tempFile } from './helpers/raster';
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
  const doc = await PDF.load(bytes);
  const resolve = (o: PdfObject | undefined) => (o instanceof PdfRef ? doc.getObject(o) : o);

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
    expect(doc.getPages().map((p) => p.width)).toEqual([300, 310, 320, 400, 410, 500]);
    // No stray copies of pages that links point at (the writer puts no object in a stream).
    expect(pageObjects(bytes)).toBe(6);
  });

  it('renders every page with its content', () => {
    for (const page of [1, 3, 6]) {
      expect(findBox(renderPage(bytes, page), isBlack), `page ${page}`).toBeDefined();
    }
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
      const annots = resolve(pages[first]?.dict.get('Annots')) as PdfArray;
      const named = resolve((resolve(annots.at(0)) as PdfDict).get('Dest')) as PdfArray;
      expect(named.at(0)).toBe(pages[last]?.ref);
      const action = resolve((resolve(annots.at(1)) as PdfDict).get('A')) as PdfDict;
      expect((resolve(action.get('D')) as PdfArray).at(0)).toBe(pages[first + 1]?.ref);
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

/** Page objects in a file written without object streams. */
const pageObjects = (bytes: Uint8Array) =>
  Buffer.from(bytes)
    .toString('latin1')
    .match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;

/**
 * Three pages; on page 1 links to page 3 by number, to a page object outside the page tree, to
 * a name the file does not define and to a web address; a note whose popup points back at it and
 * whose /P is page 1; on page 2 a link to page 3 through an indirect destination.
 */
async function linkedPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const pages = [0, 1, 2].map(() => {
    const page = pdf.addPage({ width: 200, height: 200 });
    page.drawRectangle({ x: 10, y: 10, width: 20, height: 20, color: rgb(0, 0, 0) });
    return page;
  });
  const [one, two, three] = pages as [(typeof pages)[0], (typeof pages)[0], (typeof pages)[0]];
  const stray = pdf.register(
    PdfDict.of({ Type: PdfName.of('Page'), MediaBox: one.dict.get('MediaBox') as PdfObject }),
  );
  const popup = pdf.context.registry.allocateRef();
  const note = pdf.register(
    PdfDict.of({
      Type: PdfName.of('Annot'),
      Subtype: PdfName.of('Text'),
      Rect: PdfArray.of(PdfNumber.of(100), PdfNumber.of(100), PdfNumber.of(120), PdfNumber.of(120)),
      Contents: PdfString.fromString('note'),
      P: one.ref,
      Popup: popup,
      // Private entries that lead to the catalog and the page tree must not copy them.
      Catalog: pdf.context.getRef(pdf.getCatalog()) as PdfObject,
      Tree: pdf.getCatalog().get('Pages') as PdfObject,
    }),
  );
  pdf.context.registry.registerAt(
    popup,
    PdfDict.of({ Type: PdfName.of('Annot'), Subtype: PdfName.of('Popup'), Parent: note }),
  );
  one.dict.set(
    'Annots',
    PdfArray.of(
      link({ Dest: PdfArray.of(PdfNumber.of(2), PdfName.of('Fit')) }),
      link({ Dest: PdfArray.of(stray, PdfName.of('Fit')) }),
      link({ A: PdfDict.of({ S: PdfName.of('GoTo'), D: PdfString.fromString('nowhere') }) }),
      link({
        A: PdfDict.of({ S: PdfName.of('URI'), URI: PdfString.fromString('https://example.com/') }),
      }),
      note,
      popup,
    ),
  );
  const indirect = pdf.register(PdfArray.of(three.ref, PdfName.of('Fit')));
  two.dict.set('Annots', PdfArray.of(link({ Dest: indirect })));
  return pdf.save();
}

describe('mergePdfs: links and annotations', async () => {
  const source = await linkedPdf();
  const merged = await mergePdfs([
    { bytes: source, name: 'one.pdf' },
    { bytes: source, name: 'two.pdf' },
  ]);
  const bytes = merged.bytes as Uint8Array;
  const doc = await PDF.load(bytes);
  const resolve = (o: PdfObject | undefined) => (o instanceof PdfRef ? doc.getObject(o) : o);
  const pages = doc.getPages();
  const annots = (i: number) =>
    ((resolve(pages[i]?.dict.get('Annots')) as PdfArray | undefined)?.toArray() ?? []).map(
      (a) => resolve(a) as PdfDict,
    );
  const dest = (annot: PdfDict | undefined) => (resolve(annot?.get('Dest')) as PdfArray).at(0);

  it('copies each page once, and no input catalog or page tree, and passes qpdf', () => {
    expect(pages).toHaveLength(6);
    expect(pageObjects(bytes)).toBe(6);
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.match(/\/Type\s*\/Catalog/g)).toHaveLength(1);
    expect(text.match(/\/Type\s*\/Pages/g)).toHaveLength(1);
    expect(qpdfCheck(bytes)).toMatch(/No syntax or stream encoding errors/);
  });

  it('drops the links that lead to no merged page and keeps the others', () => {
    for (const start of [0, 3]) {
      const kinds = annots(start).map((a) => (a.get('Subtype') as PdfName).value);
      expect(kinds).toEqual(['Link', 'Link', 'Text', 'Popup']);
      const [byNumber, web] = annots(start);
      // A page given by number becomes the merged page's reference.
      expect(dest(byNumber)).toBe(pages[start + 2]?.ref);
      expect(resolve(web?.get('A'))).toBeInstanceOf(PdfDict);
      expect(dest(annots(start + 1)[0])).toBe(pages[start + 2]?.ref);
    }
  });

  it('points each note at its own merged page, its popup copied once', () => {
    for (const start of [0, 3]) {
      const [, , note, popup] = annots(start);
      expect(note?.get('P')).toBe(pages[start]?.ref);
      const list = resolve(pages[start]?.dict.get('Annots')) as PdfArray;
      expect(note?.get('Popup')).toBe(list.at(3));
      expect(popup?.get('Parent')).toBe(list.at(2));
    }
    // The two inputs' notes are separate objects.
    expect(annots(0)[2]).not.toBe(annots(3)[2]);
  });
});
