/**
 * Merging on @libpdf/core: every input read as every other path reads it (damage checks, repair,
 * password), its pages and bookmarks copied by InputCopier, the result written by merge-writer.ts.
 * mergePdfs (merge.ts) comes here for every merge the byte-level path does not take on.
 */
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, type PdfRef, PdfString } from '@libpdf/core';
import { inspect } from './document';
import { PdfError, PdfReadError } from './errors';
import type { MergeInput, MergeOptions, MergeOutput, MergeResult } from './merge';
import { InputCopier } from './merge-copier';
import { writeMerged } from './merge-writer';
import { type CopiedOutline, copyOutlineItems, namedDestinations } from './outline';

interface FileBookmark {
  /** The file's top-level bookmark, reserved before its children are copied under it. */
  readonly ref: PdfRef;
  readonly title: string;
  readonly firstPage: PdfRef;
  readonly children: CopiedOutline | undefined;
}

export async function merging(
  files: readonly MergeInput[],
  options: MergeOptions,
): Promise<MergeOutput> {
  const target = PDF.create();
  // A merged file is nobody's document: no invented title, author or dates.
  target.context.info.trailer.delete('Info');
  const { registry } = target.context;
  const pagesRef = target.getCatalog().get('Pages') as PdfRef;
  const kids: PdfRef[] = [];
  const results: MergeResult[] = [];
  const bookmarks: FileBookmark[] = [];
  for (const [i, file] of files.entries()) {
    options.onProgress?.({ phase: 'copy', done: i, total: files.length });
    let copied: readonly PdfRef[];
    let signed: string[];
    let pdfA: string | null;
    try {
      // The same reading as every other path: damage checks, repair, password.
      const { pdf: source, info } = await inspect(file.bytes, file.password);
      signed = info.signatures.map((s) => s.field);
      pdfA = info.pdfA;
      const copier = new InputCopier(source, target, namedDestinations(source));
      copied = copier.copyPages(pagesRef);
      const outlines = copier.resolve(source.getCatalog().get('Outlines'));
      const ref = registry.allocateRef();
      const first = outlines instanceof PdfDict ? outlines.get('First') : undefined;
      const children = copyOutlineItems(copier, target, first, ref);
      bookmarks.push({ ref, title: file.name, firstPage: copied[0] as PdfRef, children });
    } catch (err) {
      results.push(failed(file.name, err));
      continue;
    }
    kids.push(...copied);
    results.push({ name: file.name, ok: true, pages: copied.length });
    if (signed.length > 0) {
      options.onNotice?.({
        code: 'SIGNATURES_DROPPED',
        message: `The signatures of ${file.name} (${signed.join(', ')}) are not carried into the merged file`,
        signatures: signed,
        file: file.name,
      });
    }
    if (pdfA !== null) {
      // The merged file has its own catalog: no XMP claim, no output intent. It is not PDF/A.
      options.onNotice?.({
        code: 'NO_LONGER_PDFA',
        message: `${file.name} claimed PDF/A-${pdfA}; the merged file is not PDF/A`,
        file: file.name,
      });
    }
  }
  options.onProgress?.({ phase: 'copy', done: files.length, total: files.length });
  if (kids.length === 0) return { bytes: undefined, results };
  // One flat page-tree node, as qpdf writes it.
  const pages = registry.getObject(pagesRef) as PdfDict;
  pages.set('Kids', new PdfArray(kids));
  pages.set('Count', PdfNumber.of(kids.length));
  writeOutline(target, bookmarks);
  const bytes = writeMerged(
    target,
    files.reduce((n, f) => n + f.bytes.length, 0),
  );
  options.onProgress?.({ phase: 'write', done: 1, total: 1 });
  return { bytes, results };
}

/**
 * Why a file was left out. An error the engine did not name (a structure that failed while
 * copying) is still this file's damage, not the merge's.
 */
function failed(name: string, err: unknown): MergeResult {
  if (err instanceof PdfError)
    return { name, ok: false, pages: 0, error: err.message, code: err.code };
  const damaged = new PdfReadError('BROKEN_PDF', 'This PDF is damaged or incomplete');
  return { name, ok: false, pages: 0, error: damaged.message, code: damaged.code };
}

/** One closed top-level bookmark per file, opening on its first page, over its own bookmarks. */
function writeOutline(target: PDF, files: readonly FileBookmark[]): void {
  const { registry } = target.context;
  const root = registry.allocateRef();
  const refs = files.map((f) => f.ref);
  files.forEach((file, i) => {
    const item = new PdfDict();
    item.set('Title', PdfString.fromString(file.title));
    item.set('Parent', root);
    item.set('Dest', new PdfArray([file.firstPage, PdfName.of('Fit')]));
    if (i > 0) item.set('Prev', refs[i - 1] as PdfRef);
    if (i < refs.length - 1) item.set('Next', refs[i + 1] as PdfRef);
    const kids = file.children;
    if (kids) {
      item.set('First', kids.first);
      item.set('Last', kids.last);
      item.set('Count', PdfNumber.of(-kids.visible));
    }
    registry.registerAt(file.ref, item);
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
  const catalog = target.getCatalog();
  catalog.set('Outlines', root);
  catalog.set('PageMode', PdfName.of('UseOutlines'));
}
