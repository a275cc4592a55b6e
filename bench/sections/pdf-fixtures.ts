/** Generated PDFs for the PDF benchmark: many text pages, and files with bookmarks to merge. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfRef,
  PdfString,
  rgb,
  StandardFonts,
} from '@libpdf/core';

const A4 = { width: 595.28, height: 841.89 } as const;

function textDocument(pages: number, label: string): PDF {
  const pdf = PDF.create();
  for (let i = 0; i < pages; i++) {
    const page = pdf.addPage(A4);
    page.drawText(`${label}, page ${i + 1}: the quick brown fox jumps over the lazy dog`, {
      x: 56,
      y: 780,
      size: 12,
      font: StandardFonts.Helvetica,
    });
    page.drawRectangle({ x: 56, y: 400, width: 480, height: 300, color: rgb(0.85, 0.85, 0.85) });
  }
  shareFonts(pdf);
  return pdf;
}

/**
 * @libpdf/core writes a standard font's dictionary inline on every page; writers (pdf-lib among
 * them, which made these fixtures before) keep one font object that every page names. Shared,
 * the page dictionaries are their usual size, which the stamp's appended bytes per page reflect.
 */
function shareFonts(pdf: PDF): void {
  const shared = new Map<string, PdfRef>();
  for (const page of pdf.getPages()) {
    const resources = page.dict.get('Resources');
    const fonts = resources instanceof PdfDict ? resources.get('Font') : undefined;
    if (!(fonts instanceof PdfDict)) continue;
    for (const [name, font] of fonts) {
      if (!(font instanceof PdfDict)) continue;
      const base = font.get('BaseFont');
      const key = base instanceof PdfName ? base.value : name.value;
      let ref = shared.get(key);
      if (!ref) {
        ref = pdf.register(font);
        shared.set(key, ref);
      }
      fonts.set(name, ref);
    }
  }
}

/**
 * The file as most writers save it (and as the earlier pdf-lib fixtures were): page dictionaries
 * in object streams, a cross-reference stream. qpdf does the packing; without qpdf (the bench
 * then has no reference to compare with either) the file stays as @libpdf/core wrote it.
 */
function withObjectStreams(bytes: Uint8Array): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'yz-bench-'));
  try {
    const input = path.join(dir, 'in.pdf');
    const output = path.join(dir, 'out.pdf');
    writeFileSync(input, bytes);
    const run = spawnSync('qpdf', ['--object-streams=generate', input, output]);
    return run.status === 0 ? new Uint8Array(readFileSync(output)) : bytes;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `pages` A4 pages, each with a line of text and a grey block, like a plain report. */
export async function textPages(pages: number, label: string): Promise<Uint8Array> {
  return withObjectStreams(await textDocument(pages, label).save());
}

/** `pages` pages with a bookmark on every tenth page. */
export async function withBookmarks(pages: number, label: string): Promise<Uint8Array> {
  const pdf = textDocument(pages, label);
  const { registry } = pdf.context;
  const targets = pdf.getPages().filter((_, i) => i % 10 === 0);
  const root = registry.allocateRef();
  const refs = targets.map(() => registry.allocateRef());
  targets.forEach((page, i) => {
    const item = PdfDict.of({
      Title: PdfString.fromString(`${label} section ${i + 1}`),
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
      Last: refs[refs.length - 1] as PdfRef,
      Count: PdfNumber.of(refs.length),
    }),
  );
  pdf.getCatalog().set('Outlines', root);
  return withObjectStreams(await pdf.save());
}

/** One blank A4 page, for drawing the stamp qpdf overlays. */
export async function blankPage(): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.addPage(A4);
  return pdf.save();
}
