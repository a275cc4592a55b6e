/**
 * Merging PDFs: every readable file's pages in order, its bookmarks under one top-level bookmark
 * named after the file, and its internal links still pointing at the right pages. A file that
 * cannot be read is reported and left out; the others merge.
 *
 * Not carried over (pdf-lib has no merge for them): form fields stay visible but are no longer
 * fillable, and page labels, tagged structure and optional-content settings are dropped.
 */
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFObjectCopier,
  type PDFPageLeaf,
  type PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';
import { openForMerge } from './document';
import { PdfError, PdfReadError } from './errors';
import type { OnNotice } from './notices';
import { savePdf } from './open';
import { copyOutlineItems, fixDestination, namedDestinations } from './outline';
import type { OnProgress } from './progress';

export interface MergeInput {
  readonly bytes: Uint8Array;
  /** Shown in the report and as the file's top-level bookmark. */
  readonly name: string;
  readonly password?: string | undefined;
}

export interface MergeResult {
  readonly name: string;
  readonly ok: boolean;
  readonly pages: number;
  readonly error?: string | undefined;
  readonly code?: string | undefined;
}

export interface MergeOutput {
  /** The merged PDF; undefined when no file could be read. */
  readonly bytes: Uint8Array | undefined;
  readonly results: readonly MergeResult[];
}

interface FileBookmark {
  /** The file's top-level bookmark, reserved before its children are copied under it. */
  readonly ref: PDFRef;
  readonly title: string;
  readonly firstPage: PDFRef;
  readonly children: ReturnType<typeof copyOutlineItems>;
}

export interface MergeOptions {
  readonly onProgress?: OnProgress | undefined;
  /** SIGNATURES_DROPPED for each input that carried signatures (a merge cannot keep them). */
  readonly onNotice?: OnNotice | undefined;
}

export async function mergePdfs(
  files: readonly MergeInput[],
  options: MergeOptions = {},
): Promise<MergeOutput> {
  const target = await PDFDocument.create({ updateMetadata: false });
  const results: MergeResult[] = [];
  const bookmarks: FileBookmark[] = [];
  const outlineRoot = target.context.nextRef();
  const pagesRef = target.catalog.get(PDFName.of('Pages')) as PDFRef;
  const kids = target.catalog.Pages().Kids();
  let pageCount = 0;
  for (const [i, file] of files.entries()) {
    options.onProgress?.({ phase: 'copy', done: i, total: files.length });
    let copied: PDFRef[];
    let signed: string[];
    try {
      const source = await openForMerge(file.bytes, file.password);
      signed = signatureFields(source);
      const copier = PDFObjectCopier.for(source.context, target.context);
      const names = namedDestinations(source);
      const pages = source.getPages();
      // Copying each page through its reference makes the copier map old page refs to new ones,
      // so links and bookmarks copied later with the same copier land on the merged pages.
      copied = pages.map((page) => copier.copy(page.ref));
      for (const [k, page] of pages.entries()) {
        fixLinks(source, names, copier, page.node, copied[k] as PDFRef, target);
      }
      const outlines = source.context.lookupMaybe(
        source.catalog.get(PDFName.of('Outlines')),
        PDFDict,
      );
      const ref = target.context.nextRef();
      const first = outlines?.get(PDFName.of('First'));
      const children = copyOutlineItems(source, target, copier, names, first, ref);
      bookmarks.push({ ref, title: file.name, firstPage: copied[0] as PDFRef, children });
    } catch (err) {
      results.push(failed(file.name, err));
      continue;
    }
    // The merged tree is one flat node: appending beats pdf-lib's insertLeafNode, which walks
    // the kids on every insert (quadratic for thousands of pages).
    for (const ref of copied) {
      (target.context.lookup(ref) as PDFPageLeaf).setParent(pagesRef);
      kids.push(ref);
    }
    pageCount += copied.length;
    results.push({ name: file.name, ok: true, pages: copied.length });
    if (signed.length > 0) {
      options.onNotice?.({
        code: 'SIGNATURES_DROPPED',
        message: `The signatures of ${file.name} (${signed.join(', ')}) are not carried into the merged file`,
        signatures: signed,
        file: file.name,
      });
    }
  }
  target.catalog.Pages().set(PDFName.of('Count'), PDFNumber.of(pageCount));
  options.onProgress?.({ phase: 'copy', done: files.length, total: files.length });
  if (pageCount === 0) return { bytes: undefined, results };
  writeOutline(target, outlineRoot, bookmarks);
  const bytes = await savePdf(target);
  options.onProgress?.({ phase: 'write', done: 1, total: 1 });
  return { bytes, results };
}

/**
 * Why a file was left out. An error the engine did not name (a structure pdf-lib choked on while
 * copying) is still this file's damage, not the merge's.
 */
function failed(name: string, err: unknown): MergeResult {
  if (err instanceof PdfError)
    return { name, ok: false, pages: 0, error: err.message, code: err.code };
  const damaged = new PdfReadError('BROKEN_PDF', 'This PDF is damaged or incomplete');
  return { name, ok: false, pages: 0, error: damaged.message, code: damaged.code };
}

/** The names of the signed signature fields (/FT /Sig with a value), as a.b.c. */
function signatureFields(doc: PDFDocument): string[] {
  const { context } = doc;
  const form = context.lookupMaybe(doc.catalog.get(PDFName.of('AcroForm')), PDFDict);
  const out: string[] = [];
  const seen = new Set<PDFDict>();
  const walk = (kids: unknown, parent: string, parentType: string | undefined) => {
    const list = context.lookupMaybe(kids as PDFRef, PDFArray);
    if (!list) return;
    for (const item of list.asArray()) {
      const field = context.lookupMaybe(item, PDFDict);
      if (!field || seen.has(field)) continue;
      seen.add(field);
      const title = context.lookup(field.get(PDFName.of('T')));
      const own =
        title instanceof PDFString || title instanceof PDFHexString
          ? title.decodeText()
          : undefined;
      const name = own === undefined ? parent : parent ? `${parent}.${own}` : own;
      const ft = context.lookup(field.get(PDFName.of('FT')));
      const type = ft instanceof PDFName ? ft.decodeText() : parentType;
      if (type === 'Sig' && context.lookupMaybe(field.get(PDFName.of('V')), PDFDict)) {
        out.push(name);
      }
      walk(field.get(PDFName.of('Kids')), name, type);
    }
  };
  if (form) walk(form.get(PDFName.of('Fields')), '', undefined);
  return out;
}

/** Link annotations that used named destinations get the explicit ones. */
function fixLinks(
  source: PDFDocument,
  names: ReturnType<typeof namedDestinations>,
  copier: PDFObjectCopier,
  original: PDFPageLeaf,
  copiedRef: PDFRef,
  target: PDFDocument,
): void {
  const sourceAnnots = source.context.lookupMaybe(original.get(PDFName.Annots), PDFArray);
  const copiedPage = target.context.lookup(copiedRef, PDFDict);
  const copiedAnnots = target.context.lookupMaybe(copiedPage.get(PDFName.Annots), PDFArray);
  if (!sourceAnnots || !copiedAnnots) return;
  sourceAnnots.asArray().forEach((annot, i) => {
    const from = source.context.lookupMaybe(annot, PDFDict);
    const to = target.context.lookupMaybe(copiedAnnots.get(i), PDFDict);
    if (from && to && from.get(PDFName.of('Subtype')) === PDFName.of('Link')) {
      fixDestination(source, names, copier, from, to);
    }
  });
}

/** One closed top-level bookmark per file, opening on its first page, over its own bookmarks. */
function writeOutline(target: PDFDocument, root: PDFRef, files: readonly FileBookmark[]): void {
  const { context } = target;
  const refs = files.map((f) => f.ref);
  files.forEach((file, i) => {
    const item = context.obj({}) as PDFDict;
    item.set(PDFName.of('Title'), PDFString.of(file.title));
    item.set(PDFName.of('Parent'), root);
    item.set(PDFName.of('Dest'), context.obj([file.firstPage, PDFName.of('Fit')]));
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1] as PDFRef);
    if (i < refs.length - 1) item.set(PDFName.of('Next'), refs[i + 1] as PDFRef);
    const kids = file.children;
    if (kids) {
      item.set(PDFName.of('First'), kids.first);
      item.set(PDFName.of('Last'), kids.last);
      item.set(PDFName.of('Count'), PDFNumber.of(-kids.visible));
    }
    context.assign(file.ref, item);
  });
  context.assign(
    root,
    context.obj({
      Type: 'Outlines',
      First: refs[0] as PDFRef,
      Last: refs[refs.length - 1] as PDFRef,
      Count: refs.length,
    }),
  );
  target.catalog.set(PDFName.of('Outlines'), root);
  target.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}
