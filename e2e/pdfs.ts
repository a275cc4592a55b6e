/** PDFs for the browser tests, made with @libpdf/core, and a reader for what comes back. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  type PdfObject,
  PdfRef,
  PdfString,
  StandardFonts,
} from '@libpdf/core';

export interface PdfSpec {
  /** Page sizes in points; each page shows `${label} page N`. */
  pages: [number, number][];
  label: string;
  /** Top-level bookmarks, each opening page i (0-based) of the list. */
  bookmarks?: string[];
}

export async function makePdf(spec: PdfSpec): Promise<Buffer> {
  const doc = PDF.create();
  for (const [i, [width, height]] of spec.pages.entries()) {
    const page = doc.addPage({ width, height });
    page.drawText(`${spec.label} page ${i + 1} Yinzhang contract`, {
      x: 24,
      y: height - 60,
      size: 14,
      font: StandardFonts.Helvetica,
    });
  }
  if (spec.bookmarks?.length) addOutline(doc, spec.bookmarks);
  return Buffer.from(await doc.save());
}

function addOutline(doc: PDF, titles: string[]): void {
  const { registry } = doc.context;
  const root = registry.allocateRef();
  const refs = titles.map(() => registry.allocateRef());
  const pages = doc.getPages();
  titles.forEach((title, i) => {
    const page = pages[Math.min(i, pages.length - 1)] as (typeof pages)[number];
    const item = PdfDict.of({
      Title: PdfString.fromString(title),
      Parent: root,
      Dest: PdfArray.of(page.ref, PdfName.of('Fit')),
    });
    if (i > 0) item.set('Prev', refs[i - 1] as PdfRef);
    if (i < refs.length - 1) item.set('Next', refs[i + 1] as PdfRef);
    registry.registerAt(refs[i] as PdfRef, item);
  });
  registry.registerAt(
    root,
    PdfDict.of({
      Type: PdfName.of('Outlines'),
      First: refs[0] as PdfRef,
      Last: refs.at(-1) as PdfRef,
    }),
  );
  doc.getCatalog().set('Outlines', root);
}

const resolver = (doc: PDF) => (o: PdfObject | undefined) =>
  o instanceof PdfRef ? (doc.getObject(o) ?? undefined) : o;

function text(value: PdfObject | undefined): string {
  if (value instanceof PdfString) return value.asString();
  return value === undefined ? '' : String(value);
}

export interface OutlineItem {
  title: string;
  children: OutlineItem[];
}

/** The bookmark tree of a PDF. */
export function outline(doc: PDF): OutlineItem[] {
  const resolve = resolver(doc);
  const read = (first: PdfObject | undefined): OutlineItem[] => {
    const items: OutlineItem[] = [];
    for (let item = resolve(first); item instanceof PdfDict; item = resolve(item.get('Next'))) {
      items.push({ title: text(resolve(item.get('Title'))), children: read(item.get('First')) });
    }
    return items;
  };
  const root = resolve(doc.getCatalog().get('Outlines'));
  return root instanceof PdfDict ? read(root.get('First')) : [];
}

/** Page sizes (the MediaBox, unrotated), rounded to whole points. */
export function pageSizes(doc: PDF): [number, number][] {
  return doc.getPages().map((p) => {
    const { width, height } = p.getMediaBox();
    return [Math.round(width), Math.round(height)];
  });
}

/** The /Subtype and /Contents of every annotation on a page. */
export function annotations(doc: PDF, pageIndex: number): { subtype: string; contents: string }[] {
  const resolve = resolver(doc);
  const page = doc.getPage(pageIndex);
  const annots = resolve(page?.dict.get('Annots'));
  if (!(annots instanceof PdfArray)) return [];
  return annots.toArray().map((ref) => {
    const annot = resolve(ref) as PdfDict;
    const subtype = annot.get('Subtype');
    return {
      subtype: subtype instanceof PdfName ? `/${subtype.value}` : String(subtype),
      contents: text(resolve(annot.get('Contents'))),
    };
  });
}

export const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;

/** The same PDF encrypted with AES-256 (qpdf). */
export function encrypt(bytes: Buffer, password: string): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'yz-pdf-'));
  try {
    const input = path.join(dir, 'in.pdf');
    const output = path.join(dir, 'out.pdf');
    writeFileSync(input, bytes);
    execFileSync('qpdf', ['--encrypt', password, 'owner', '256', '--', input, output]);
    return readFileSync(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
