/** Generated PDFs for the PDF benchmark: many text pages, and files with bookmarks to merge. */
import { PDFDocument, PDFName, type PDFRef, PDFString, rgb, StandardFonts } from '@cantoo/pdf-lib';

const A4: [number, number] = [595.28, 841.89];

/** `pages` A4 pages, each with a line of text and a grey block, like a plain report. */
export async function textPages(pages: number, label: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage(A4);
    page.drawText(`${label}, page ${i + 1}: the quick brown fox jumps over the lazy dog`, {
      x: 56,
      y: 780,
      size: 12,
      font,
    });
    page.drawRectangle({ x: 56, y: 400, width: 480, height: 300, color: rgb(0.85, 0.85, 0.85) });
  }
  return doc.save();
}

/** `pages` pages with a bookmark on every tenth page. */
export async function withBookmarks(pages: number, label: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await textPages(pages, label));
  const { context } = doc;
  const targets = doc.getPages().filter((_, i) => i % 10 === 0);
  const root = context.nextRef();
  const refs = targets.map(() => context.nextRef());
  targets.forEach((page, i) => {
    const item = context.obj({ Parent: root, Dest: [page.ref, 'Fit'] });
    item.set(PDFName.of('Title'), PDFString.of(`${label} section ${i + 1}`));
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1] as PDFRef);
    if (i < refs.length - 1) item.set(PDFName.of('Next'), refs[i + 1] as PDFRef);
    context.assign(refs[i] as PDFRef, item);
  });
  const first = refs[0] as PDFRef;
  const last = refs[refs.length - 1] as PDFRef;
  context.assign(
    root,
    context.obj({ Type: 'Outlines', First: first, Last: last, Count: refs.length }),
  );
  doc.catalog.set(PDFName.of('Outlines'), root);
  return doc.save();
}

/** One blank A4 page, for drawing the stamp qpdf overlays. */
export async function blankPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage(A4);
  return doc.save();
}
