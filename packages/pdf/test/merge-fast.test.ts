/**
 * The byte-level merge (merge-fast.ts) against the engine's (mergeOnEngine) on the same inputs:
 * the same file as qpdf reads it (objects, pages, bookmarks; compared in qpdf's QDF form, which
 * renumbers objects in its own order), the same rendering by pdftoppm, clean under qpdf --check.
 * Everything the byte-level path does not take on must fall back to the engine, which then
 * gives its usual result.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfRef,
  PdfStream,
  PdfString,
  rgb,
} from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { fflateZlib } from '../src/inflate';
import { type MergeInput, mergeOnEngine, mergePdfs } from '../src/merge';
import { fastMerge, fastMergeOrWhy } from '../src/merge-fast';
import { addOutline, pdfWithBookmarks } from './helpers/outline-pdf';
import { qpdfCheck, renderPage, tempFile } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

/** The file in qpdf's QDF form, without what differs between any two writes (offsets, /ID). */
function qdf(pdf: Uint8Array): string {
  const out = tempFile(new Uint8Array());
  execFileSync('qpdf', [
    '--qdf',
    '--object-streams=disable',
    '--deterministic-id',
    tempFile(pdf),
    out,
  ]);
  const text = readFileSync(out, 'latin1');
  return text
    .slice(0, text.lastIndexOf('\nxref\n'))
    .split('\n')
    .filter((line) => !line.startsWith('%% Original object ID'))
    .join('\n');
}

interface QpdfOutline {
  readonly title: string;
  readonly destpageposfrom1: number | null;
  readonly open: boolean;
  readonly kids: readonly QpdfOutline[];
}

/** The bookmarks as qpdf reads them: titles, target pages, open or closed (no object numbers). */
function outlines(pdf: Uint8Array): unknown {
  const json = execFileSync('qpdf', ['--json', '--json-key=outlines', tempFile(pdf)], {
    encoding: 'utf8',
  });
  const simple = (items: readonly QpdfOutline[]): unknown[] =>
    items.map((o) => [o.title, o.destpageposfrom1, o.open, simple(o.kids)]);
  return simple(JSON.parse(json).outlines);
}

function pageCount(pdf: Uint8Array): number {
  return Number(execFileSync('qpdf', ['--show-npages', tempFile(pdf)], { encoding: 'utf8' }));
}

/** qpdf's packing: object streams and a cross-reference stream with a PNG predictor. */
function packed(bytes: Uint8Array): Uint8Array {
  const out = tempFile(new Uint8Array());
  execFileSync('qpdf', ['--object-streams=generate', tempFile(bytes), out]);
  return readFileSync(out);
}

interface Item {
  readonly title: string;
  /** A page index (explicit destination), 'number' form, a GoTo action, a web link, or nowhere. */
  readonly to: number | { readonly byNumber: number } | { readonly goTo: number } | 'web' | 'gone';
  readonly open?: boolean;
  readonly kids?: readonly Item[];
}

/** Text pages with bookmarks of every kind the byte-level path takes on. */
async function plainPdf(label: string, pages: number, items: readonly Item[]): Promise<PDF> {
  const pdf = PDF.create();
  const refs: PdfRef[] = [];
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage({ width: 300 + i * 10, height: 400 });
    page.drawText(`${label} ${i + 1}`, { x: 20, y: 350, size: 14 });
    page.drawRectangle({ x: 10, y: 10, width: 20, height: 20, color: rgb(0, 0, 0) });
    refs.push(page.ref);
  }
  const gone = pdf.register(PdfDict.of({ Type: PdfName.of('Page') }));
  addOutline(pdf, items, (item, d) => {
    const { to } = item;
    if (typeof to === 'number') d.set('Dest', PdfArray.of(refs[to] as PdfRef, PdfName.of('Fit')));
    else if (to === 'web') {
      d.set(
        'A',
        PdfDict.of({ S: PdfName.of('URI'), URI: PdfString.fromString('https://example.com/') }),
      );
    } else if (to === 'gone') d.set('Dest', PdfArray.of(gone, PdfName.of('Fit')));
    else if ('byNumber' in to) {
      d.set(
        'Dest',
        PdfArray.of(
          PdfNumber.of(to.byNumber),
          PdfName.of('XYZ'),
          PdfNumber.of(0),
          PdfNumber.of(400),
          PdfNumber.of(0),
        ),
      );
    } else {
      const action = PdfDict.of({
        S: PdfName.of('GoTo'),
        D: PdfArray.of(refs[to.goTo] as PdfRef, PdfName.of('Fit')),
      });
      d.set('A', pdf.register(action));
    }
  });
  return pdf;
}

const BOOKMARKS: readonly Item[] = [
  { title: 'First', to: 0 },
  {
    title: 'Open chapter',
    to: { goTo: 1 },
    open: true,
    kids: [
      { title: 'By number', to: { byNumber: 2 } },
      { title: 'Web', to: 'web', kids: [{ title: 'Deep', to: 2 }] },
    ],
  },
  { title: 'Gone', to: 'gone', kids: [{ title: 'Under gone', to: 1 }] },
];

/** A content stream of more than 512 bytes written without a filter (the writers compress it). */
const longContent = `${'0 0 0 rg 50 50 10 10 re f\n'.repeat(30)}`;

async function takenCases(): Promise<[string, MergeInput[]][]> {
  const a = await plainPdf('A', 3, BOOKMARKS);
  const aBytes = await a.save();
  const b = await (await plainPdf('B', 2, [])).save();
  const updated = await PDF.load(aBytes);
  updated.getPage(0)?.drawText('updated', { x: 20, y: 300, size: 14 });
  const incremental = await updated.save({ incremental: true });
  const inherited = buildPdf([{}, { rotate: 90 }, { mediaBox: [0, 0, 200, 200] }], {
    mediaBox: [0, 0, 500, 400],
    cropBox: [10, 10, 490, 390],
    rotate: 180,
  });
  const long = buildPdf([{ content: longContent }]);
  return [
    [
      'two files with bookmarks',
      [
        { bytes: aBytes, name: 'a.pdf' },
        { bytes: b, name: 'b.pdf' },
      ],
    ],
    [
      'object streams and cross-reference streams',
      [
        { bytes: packed(aBytes), name: 'a.pdf' },
        { bytes: packed(b), name: 'b.pdf' },
      ],
    ],
    ['an incremental update', [{ bytes: incremental, name: 'updated.pdf' }]],
    [
      'entries inherited from the page tree',
      [
        { bytes: inherited, name: 'inherited.pdf' },
        { bytes: packed(inherited), name: 'again.pdf' },
      ],
    ],
    ['a long unfiltered stream', [{ bytes: long, name: 'long.pdf' }]],
    [
      'the same file twice',
      [
        { bytes: b, name: 'b.pdf' },
        { bytes: b, name: 'b again.pdf' },
      ],
    ],
  ];
}

describe('fastMerge', async () => {
  for (const [name, files] of await takenCases()) {
    it(`gives the engine's result: ${name}`, async () => {
      const fast = fastMerge(files, undefined, fflateZlib);
      expect(fast, 'the byte-level path takes it').toBeDefined();
      const engine = await mergeOnEngine(files);
      const bytes = fast?.bytes as Uint8Array;
      expect(fast?.results).toEqual(engine.results);
      expect(qpdfCheck(bytes)).toMatch(/No syntax or stream encoding errors/);
      expect(qdf(bytes)).toBe(qdf(engine.bytes as Uint8Array));
      expect(outlines(bytes)).toEqual(outlines(engine.bytes as Uint8Array));
      const pages = pageCount(bytes);
      expect(pages).toBe(pageCount(engine.bytes as Uint8Array));
      for (let p = 1; p <= pages; p++) {
        expect(renderPage(bytes, p)).toEqual(renderPage(engine.bytes as Uint8Array, p));
      }
    });
  }

  it('compresses a long stream written without a filter, as the engine writer does', async () => {
    const fast = fastMerge(
      [{ bytes: buildPdf([{ content: longContent }]), name: 'l.pdf' }],
      undefined,
      fflateZlib,
    );
    const text = new TextDecoder('latin1').decode(fast?.bytes);
    expect(text).toContain('/Filter /FlateDecode');
    expect(text).not.toContain('50 50 10 10 re');
  });

  it('names a non-ASCII file in its bookmark', async () => {
    const b = await (await plainPdf('B', 1, [])).save();
    const fast = fastMerge([{ bytes: b, name: '合同 v2.pdf' }], undefined, fflateZlib);
    expect(outlines(fast?.bytes as Uint8Array)).toEqual([['合同 v2.pdf', 1, true, []]]);
  });

  it('reports progress only once it has worked', () => {
    const seen: string[] = [];
    fastMerge(
      [{ bytes: buildPdf([{}]), name: 'x.pdf' }],
      (p) => seen.push(`${p.phase} ${p.done}/${p.total}`),
      fflateZlib,
    );
    expect(seen).toEqual(['copy 1/1', 'write 1/1']);
  });
});

/** Inputs the byte-level path leaves to the engine, each beside a plain file. */
async function fallBackCases(): Promise<[string, Uint8Array, RegExp][]> {
  const plain = await (await plainPdf('P', 1, [])).save();
  const withForm = await PDF.load(plain);
  withForm.getCatalog().set('AcroForm', PdfDict.of({ Fields: new PdfArray([]) }));
  const pdfA = await PDF.load(plain);
  const xmp = new TextEncoder().encode(
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="2" pdfaid:conformance="B"/></rdf:RDF></x:xmpmeta>',
  );
  const metadata = new PdfStream(
    PdfDict.of({ Type: PdfName.of('Metadata'), Subtype: PdfName.of('XML') }),
    xmp,
  );
  pdfA.getCatalog().set('Metadata', pdfA.register(metadata));
  const named = await (await plainPdf('N', 2, [])).save();
  const namedOutline = await PDF.load(named);
  const root = namedOutline.context.registry.allocateRef();
  const item = namedOutline.register(
    PdfDict.of({ Title: PdfString.fromString('x'), Parent: root, Dest: PdfName.of('somewhere') }),
  );
  namedOutline.context.registry.registerAt(
    root,
    PdfDict.of({ Type: PdfName.of('Outlines'), First: item, Last: item, Count: PdfNumber.of(1) }),
  );
  namedOutline.getCatalog().set('Outlines', root);
  const latin = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
  const fromLatin = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
  const wrongCount = fromLatin(latin(buildPdf([{}, {}])).replace('/Count 2', '/Count 3'));
  const raw = latin(buildPdf([{}]));
  const start = raw.lastIndexOf('startxref\n') + 'startxref\n'.length;
  const badOffset = fromLatin(
    `${raw.slice(0, start)}${Number.parseInt(raw.slice(start), 10) + 7}\n%%EOF\n`,
  );
  const broken = await PDF.load(plain);
  // Flate data that does not inflate: the engine writes what it can decode instead.
  const junk = new PdfStream(
    PdfDict.of({ Filter: PdfName.of('FlateDecode') }),
    Uint8Array.from([0x78, 0x9c, 0xff, 0xfe, 0xfd, 0x00, 0x01]),
  );
  broken.getPage(0)?.dict.set('Contents', broken.register(junk));
  const encrypted = tempFile(new Uint8Array());
  execFileSync('qpdf', ['--encrypt', '', 'owner', '256', '--', tempFile(plain), encrypted]);
  return [
    [
      'links and named destinations',
      await pdfWithBookmarks([300, 310], [{ title: 'L', to: 'last' }]),
      /annotations/,
    ],
    ['a form', await withForm.save(), /form/],
    ['a PDF/A claim', await pdfA.save(), /PDF\/A/],
    ['a bookmark to a named destination', await namedOutline.save(), /named destination/],
    ['a page count that disagrees with the tree', wrongCount, /count/],
    ['a cross-reference offset that is off', badOffset, /object header/],
    ['encryption', readFileSync(encrypted), /encrypted/],
    ['page content that does not inflate', await broken.save(), /does not inflate/],
    ['no PDF at all', new TextEncoder().encode('not a pdf'), /header/],
  ];
}

describe('fastMerge falls back to the engine', async () => {
  const plain = await (await plainPdf('P', 1, [])).save();
  for (const [name, bytes, why] of await fallBackCases()) {
    it(name, async () => {
      const files = [
        { bytes: plain, name: 'plain.pdf' },
        { bytes, name: 'other.pdf' },
      ];
      expect(fastMergeOrWhy(files, undefined, fflateZlib)).toMatch(why);
      expect(fastMerge(files, undefined, fflateZlib)).toBeUndefined();
      const merged = await mergePdfs(files);
      expect(merged.results[0]?.ok).toBe(true);
      expect(merged.bytes).toBeDefined();
    });
  }
});
