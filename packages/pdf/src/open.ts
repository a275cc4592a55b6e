/**
 * Opening a PDF with @cantoo/pdf-lib, turning its many failure modes into the engine's errors, and
 * reading each page's shape with inherited entries resolved.
 */
import {
  decodePDFRawStream,
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from '@cantoo/pdf-lib';
import { PdfPasswordError, PdfReadError } from './errors';
import { type PageGeometry, type Rect, rect, usableBox } from './geometry';
import { looksComplete, looksLikePdf } from './sniff';

/** Never yield to the event loop while parsing or writing: the engine runs in a worker or a CLI. */
const AT_ONCE = Number.POSITIVE_INFINITY;

async function parse(bytes: Uint8Array, password?: string): Promise<PDFDocument> {
  return PDFDocument.load(bytes, {
    parseSpeed: AT_ONCE,
    updateMetadata: false,
    ...(password === undefined ? {} : { password }),
  });
}

/**
 * Loads a PDF, decrypting it when needed. Throws PdfPasswordError when the file needs a password
 * that is missing or wrong, and PdfReadError when the bytes are not a readable PDF. The document
 * returned is decrypted; saving it writes an unencrypted file.
 */
export async function openPdf(bytes: Uint8Array, password?: string): Promise<PDFDocument> {
  if (!(bytes instanceof Uint8Array) || !looksLikePdf(bytes)) {
    throw new PdfReadError('NOT_PDF', 'This file is not a PDF');
  }
  if (!looksComplete(bytes)) {
    throw new PdfReadError('BROKEN_PDF', 'This PDF is incomplete (the end of the file is missing)');
  }
  let doc: PDFDocument;
  let encrypted = false;
  try {
    doc = await parse(bytes);
  } catch (err) {
    if (!(err instanceof EncryptedPDFError)) throw broken(err);
    encrypted = true;
    doc = await decrypt(bytes, password);
  }
  checkIntegrity(doc, encrypted);
  if (encrypted) {
    dropEncryptionLeftovers(doc);
    decrypted.add(doc);
  }
  return doc;
}

const decrypted = new WeakSet<PDFDocument>();

/** The document was opened with a password (pdf-lib holds it decrypted). */
export const isEncrypted = (doc: PDFDocument): boolean => decrypted.has(doc);

/**
 * pdf-lib decrypts every object, including the file's cross-reference stream, which was never
 * encrypted and so turns into an invalid object that save() writes back verbatim, /Encrypt entry
 * and all. Readers that scan objects (pdf-lib itself among them) then take the output for an
 * encrypted file. Drop it, and the now unused encryption dictionary.
 */
function dropEncryptionLeftovers(doc: PDFDocument): void {
  const { context } = doc;
  const xref = /^\s*<<\s*\/Type\s*\/XRef\b/;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFInvalidObject) {
      const head = new Uint8Array(Math.min(64, object.sizeInBytes()));
      object.copyBytesInto(head, 0);
      if (xref.test(String.fromCharCode(...head))) context.delete(ref);
    } else if (
      object instanceof PDFDict &&
      object.get(PDFName.of('Filter')) === PDFName.of('Standard') &&
      object.has(PDFName.of('O')) &&
      object.has(PDFName.of('U'))
    ) {
      context.delete(ref);
    }
  }
}

async function decrypt(bytes: Uint8Array, password: string | undefined): Promise<PDFDocument> {
  try {
    // An empty password opens files that only restrict permissions (owner password only).
    return await parse(bytes, password ?? '');
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (message === 'NEEDS PASSWORD') {
      throw new PdfPasswordError('PASSWORD_REQUIRED', 'This PDF is protected by a password');
    }
    if (message === 'Password incorrect') {
      throw new PdfPasswordError('PASSWORD_WRONG', 'The password does not open this PDF');
    }
    throw new PdfReadError('UNSUPPORTED_ENCRYPTION', `This PDF's encryption is not supported`, {
      cause: err,
    });
  }
}

function broken(err: unknown): PdfReadError {
  const refusal = new PdfReadError('BROKEN_PDF', 'This PDF is damaged or incomplete', {
    cause: err,
  });
  // Nesting deep enough to overflow pdf-lib's stack is hostile, not damage to repair.
  if (err instanceof RangeError) beyondRepair.add(refusal);
  return refusal;
}

/**
 * Refusals no repair may override (document.ts tries @libpdf/core's after the others): page
 * trees that loop or nest absurdly, objects nested deep enough to be an attack, and content
 * objects that are gone.
 */
export const beyondRepair = new WeakSet<Error>();

/** A refusal that stands (see beyondRepair). */
function hostile(): PdfReadError {
  const refusal = broken(undefined);
  beyondRepair.add(refusal);
  return refusal;
}

/**
 * pdf-lib is lenient: a truncated file loads with pages or contents missing, and a badly decrypted
 * one with garbage streams. Both would give blank pages without a word, so refuse them here.
 */
function checkIntegrity(doc: PDFDocument, encrypted: boolean): void {
  const { context } = doc;
  let root: PDFDict;
  try {
    root = doc.catalog.Pages();
  } catch (err) {
    throw broken(err);
  }
  const declared = context.lookup(root.get(PDFName.of('Count')));
  const noPages = () => new PdfReadError('NO_PAGES', 'This PDF has no pages');
  // A page tree that declares no pages and lists none: empty, not damaged.
  if (!(context.lookup(root.get(PDFName.of('Kids'))) instanceof PDFArray)) {
    if (declared === undefined || (declared instanceof PDFNumber && declared.asNumber() === 0))
      throw noPages();
  }
  let pages: PDFPage[];
  try {
    pages = doc.getPages();
  } catch {
    // pdf-lib walks /Kids recursively: a cycle there overflows its stack.
    throw hostile();
  }
  if (pages.length === 0) throw noPages();
  if (declared instanceof PDFNumber && declared.asNumber() !== pages.length)
    throw broken(undefined);
  checkParents(pages, doc);
  for (const page of pages) {
    for (const ref of contentRefs(page.node.get(PDFName.of('Contents')), doc)) {
      // Content that is gone cannot be repaired: the page would come out blank.
      if (!(context.lookup(ref) instanceof PDFStream)) throw hostile();
    }
  }
  if (encrypted) checkDecrypted(doc, pages);
}

/** Far deeper than any page tree a writer makes, and shallow enough for pdf-lib's recursion. */
const MAX_TREE_DEPTH = 512;

/**
 * pdf-lib climbs /Parent links recursively to find inherited entries (MediaBox, Rotate...): a
 * loop there is a stack overflow at the first page we measure. Refuse loops and absurd depths.
 */
function checkParents(pages: readonly PDFPage[], doc: PDFDocument): void {
  const sound = new Set<PDFDict>();
  for (const page of pages) {
    const chain = new Set<PDFDict>();
    let node: PDFObject | undefined = page.node;
    while (node instanceof PDFDict && !sound.has(node)) {
      if (chain.has(node) || chain.size > MAX_TREE_DEPTH) throw hostile();
      chain.add(node);
      node = doc.context.lookup(node.get(PDFName.of('Parent')));
    }
    for (const n of chain) sound.add(n);
  }
}

function contentRefs(contents: PDFObject | undefined, doc: PDFDocument): PDFRef[] {
  if (contents instanceof PDFRef) {
    const target = doc.context.lookup(contents);
    return target instanceof PDFArray ? contentRefs(target, doc) : [contents];
  }
  if (contents instanceof PDFArray) {
    return contents.asArray().filter((item): item is PDFRef => item instanceof PDFRef);
  }
  return [];
}

/** A wrong key would give compressed streams that do not inflate: try the first page's. */
function checkDecrypted(doc: PDFDocument, pages: readonly PDFPage[]): void {
  const first = pages.find((p) => contentRefs(p.node.get(PDFName.of('Contents')), doc).length > 0);
  if (!first) return;
  const [ref] = contentRefs(first.node.get(PDFName.of('Contents')), doc);
  try {
    decodeStream(doc.context.lookup(ref as PDFRef, PDFStream));
  } catch (err) {
    throw new PdfReadError('UNSUPPORTED_ENCRYPTION', 'This PDF could not be decrypted', {
      cause: err,
    });
  }
}

function decodeStream(stream: PDFStream): Uint8Array {
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  return decodePDFRawStream(stream).decode();
}

function numbers(value: PDFObject | undefined, doc: PDFDocument): number[] | undefined {
  const arr = doc.context.lookupMaybe(value, PDFArray);
  if (arr?.size() !== 4) return undefined;
  const out = arr.asArray().map((item) => doc.context.lookup(item));
  return out.every((n) => n instanceof PDFNumber)
    ? out.map((n) => (n as PDFNumber).asNumber())
    : undefined;
}

function box(value: PDFObject | undefined, doc: PDFDocument): Rect | undefined {
  const n = numbers(value, doc);
  return usableBox(n && rect(n[0] as number, n[1] as number, n[2] as number, n[3] as number));
}

/** US Letter: what viewers assume when a page has no usable MediaBox. */
const DEFAULT_MEDIA_BOX = rect(0, 0, 612, 792);

/** The page's MediaBox, CropBox and /Rotate, each possibly inherited from the page tree. */
export function pageGeometry(page: PDFPage): PageGeometry {
  const { node, doc } = page;
  const inherited = (key: string) => node.getInheritableAttribute(PDFName.of(key));
  const rotate = doc.context.lookupMaybe(inherited('Rotate'), PDFNumber);
  return {
    mediaBox: box(inherited('MediaBox'), doc) ?? DEFAULT_MEDIA_BOX,
    cropBox: box(inherited('CropBox'), doc),
    rotate: rotate?.asNumber() ?? 0,
  };
}

/** Writes the document out; object streams keep the rewritten page dictionaries small. */
export async function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  const bytes = await doc.save({
    useObjectStreams: true,
    addDefaultPage: false,
    objectsPerTick: AT_ONCE,
    updateFieldAppearances: false,
  });
  return bytes;
}
