/** PDFs for the browser tests, made with @cantoo/pdf-lib, and a reader for what comes back. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFRef,
  PDFString,
  StandardFonts,
} from '@cantoo/pdf-lib';

export interface PdfSpec {
  /** Page sizes in points; each page shows `${label} page N`. */
  pages: [number, number][];
  label: string;
  /** Top-level bookmarks, each opening page i (0-based) of the list. */
  bookmarks?: string[];
}

export async function makePdf(spec: PdfSpec): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, [width, height]] of spec.pages.entries()) {
    const page = doc.addPage([width, height]);
    page.drawText(`${spec.label} page ${i + 1} Yinzhang contract`, {
      x: 24,
      y: height - 60,
      size: 14,
      font,
    });
  }
  if (spec.bookmarks?.length) addOutline(doc, spec.bookmarks);
  return Buffer.from(await doc.save());
}

function addOutline(doc: PDFDocument, titles: string[]): void {
  const { context } = doc;
  const root = context.nextRef();
  const refs = titles.map(() => context.nextRef());
  const pages = doc.getPages();
  titles.forEach((title, i) => {
    const page = pages[Math.min(i, pages.length - 1)];
    const item: Record<string, unknown> = {
      Title: PDFString.of(title),
      Parent: root,
      Dest: [page?.ref, 'Fit'],
    };
    if (i > 0) item.Prev = refs[i - 1];
    if (i < refs.length - 1) item.Next = refs[i + 1];
    context.assign(refs[i] as PDFRef, context.obj(item as never));
  });
  context.assign(
    root,
    context.obj({
      Type: 'Outlines',
      First: refs[0],
      Last: refs.at(-1),
      Count: refs.length,
    } as never),
  );
  doc.catalog.set(PDFName.of('Outlines'), root);
}

function text(value: unknown): string {
  if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  return String(value);
}

export interface OutlineItem {
  title: string;
  children: OutlineItem[];
}

/** The bookmark tree of a PDF. */
export function outline(doc: PDFDocument): OutlineItem[] {
  const read = (first: unknown): OutlineItem[] => {
    const items: OutlineItem[] = [];
    let ref = first;
    while (ref) {
      const item = doc.context.lookup(ref as PDFRef, PDFDict);
      items.push({
        title: text(item.get(PDFName.of('Title'))),
        children: read(item.get(PDFName.of('First'))),
      });
      ref = item.get(PDFName.of('Next'));
    }
    return items;
  };
  const root = doc.context.lookupMaybe(doc.catalog.get(PDFName.of('Outlines')), PDFDict);
  return root ? read(root.get(PDFName.of('First'))) : [];
}

/** Page sizes, rounded to whole points. */
export function pageSizes(doc: PDFDocument): [number, number][] {
  return doc.getPages().map((p) => {
    const { width, height } = p.getSize();
    return [Math.round(width), Math.round(height)];
  });
}

/** The /Subtype and /Contents of every annotation on a page. */
export function annotations(
  doc: PDFDocument,
  pageIndex: number,
): { subtype: string; contents: string }[] {
  const page = doc.getPages()[pageIndex];
  const annots = page
    ? doc.context.lookupMaybe(page.node.get(PDFName.Annots), PDFArray)
    : undefined;
  return (annots?.asArray() ?? []).map((ref) => {
    const annot = doc.context.lookup(ref, PDFDict);
    return {
      subtype: String(annot.get(PDFName.of('Subtype'))),
      contents: text(annot.get(PDFName.of('Contents')) ?? ''),
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
