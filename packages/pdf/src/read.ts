/**
 * Reading a PDF once, with @libpdf/core: parse, check what a lenient parser lets through
 * (page-tree loops, content that is gone, wrong keys, a file cut short), repair what readers
 * repair (a broken cross-reference table, a wrong /Count, untyped or inline pages, an odd
 * header), and measure every page. Every refusal is one of our errors; the engine's messages
 * stay in the error's cause.
 */
import { PDF, type PdfDict, type PdfStream } from '@libpdf/core';
import { PdfPasswordError, PdfReadError } from './errors';
import type { PageGeometry } from './geometry';
import {
  contentStreams,
  decodes,
  headedBy,
  MAX_NESTING,
  nothingMissing,
  rawNesting,
  resolver,
  tooDeep,
  trailerAfterObjects,
} from './integrity';
import { pageShape } from './page-shape';
import { damaged, type PageTreeWalk, repairPageTree, walkPageTree } from './page-tree';
import { looksComplete, looksLikePdf } from './sniff';

export interface ReadPdf {
  readonly pdf: PDF;
  /** Each page's MediaBox, CropBox and /Rotate, inherited entries resolved. */
  readonly geometry: PageGeometry[];
  /** The file needed repair on reading: it must be written in full, not appended to. */
  readonly repaired: boolean;
}

const notPdf = () => new PdfReadError('NOT_PDF', 'This file is not a PDF');
const incomplete = () =>
  new PdfReadError('BROKEN_PDF', 'This PDF is incomplete (the end of the file is missing)');

export async function readPdf(bytes: Uint8Array, password?: string): Promise<ReadPdf> {
  if (!(bytes instanceof Uint8Array)) throw notPdf();
  const file: File = { bytes, header: looksLikePdf(bytes), complete: looksComplete(bytes) };
  // Neither a header nor the end of a PDF: some other kind of file.
  if (!file.header && !file.complete) throw notPdf();
  let pdf: PDF;
  try {
    pdf = await parse(bytes, password);
  } catch (err) {
    if (!file.header) throw notPdf();
    if (!file.complete || encrypted(bytes)) throw file.complete ? damaged(err) : incomplete();
    // The cross-reference data is too broken to find the catalog (every offset wrong, /Root
    // missing): rebuild it from the objects, as readers do.
    pdf = await rebuild(bytes, err);
  }
  authenticated(pdf, password);
  try {
    return await examine(pdf, file);
  } catch (err) {
    const misplaced = err instanceof Misplaced;
    if (!misplaced && !(err instanceof PdfReadError && err.code === 'NO_PAGES')) throw err;
    // Nesting deep enough to be an attack, which the parser cut short, pages and all.
    if (rawNesting(bytes) > MAX_NESTING) throw damaged();
    // The table led to a catalog without pages, or to the wrong objects (an update whose /Root
    // points elsewhere, offsets that are off): scanning the objects may find them, as qpdf's
    // reconstruction does.
    const refusal = misplaced ? damaged(err) : err;
    if (pdf.recoveredViaBruteForce || pdf.isEncrypted || !file.header || !file.complete) {
      throw refusal;
    }
    return examine(await rebuild(bytes, refusal), file).catch((again: unknown) => {
      throw again instanceof Misplaced ? damaged(again) : again;
    });
  }
}

interface File {
  readonly bytes: Uint8Array;
  /** A PDF header in the first KB. */
  readonly header: boolean;
  /** The end markers near the end. */
  readonly complete: boolean;
}

async function examine(loaded: PDF, file: File): Promise<ReadPdf> {
  let pdf = loaded;
  const walk = walkPageTree(pdf);
  const repaired = pdf.recoveredViaBruteForce || !file.header || !file.complete || walk.needsRepair;
  if (walk.needsRepair) {
    if (walk.unlisted && pdf.isEncrypted) throw damaged();
    repairPageTree(pdf);
    // @libpdf/core's page list was built at load: pages it did not take for pages need a reload.
    if (walk.unlisted) pdf = await parse(await pdf.save());
  }
  if (!file.complete) checkCut(file.bytes, pdf, walk);
  const pages = pdf.getPages();
  if (pages.length !== walk.pages.length) throw damaged();
  checkPages(
    pdf,
    file.bytes,
    pages.map((p) => p.dict),
    repaired,
  );
  if (repaired && rawNesting(file.bytes) > MAX_NESTING) throw damaged();
  if (tooDeep(pdf.getCatalog())) throw damaged();
  return { pdf, geometry: pages.map((p) => pageShape(pdf, p.dict)), repaired };
}

async function parse(bytes: Uint8Array, password?: string): Promise<PDF> {
  try {
    return await PDF.load(bytes, password === undefined ? {} : { credentials: password });
  } catch (err) {
    throw damaged(err);
  }
}

/**
 * @libpdf/core scans the file for objects when it finds no `startxref` near the end. Its
 * scan, not ours: a comment longer than its search window, appended to a copy, sends it there.
 * Encrypted files are not rebuilt: the scan finds no trailer, so no /Encrypt and no key.
 */
async function rebuild(bytes: Uint8Array, cause: unknown): Promise<PDF> {
  const copy = new Uint8Array(bytes.length + RECOVERY_TAIL.length);
  copy.set(bytes);
  copy.set(RECOVERY_TAIL, bytes.length);
  try {
    const pdf = await PDF.load(copy);
    if (pdf.recoveredViaBruteForce) return pdf;
  } catch {
    // the scan found nothing either
  }
  throw cause instanceof PdfReadError ? cause : damaged(cause);
}

/** A comment line past the 1 KB in which @libpdf/core looks for `startxref`. */
const RECOVERY_TAIL = Uint8Array.from(`\n%${'-'.repeat(1100)}\n`, (c) => c.charCodeAt(0));

/** An encryption dictionary named in a trailer (in the bytes: the parse failed). */
function encrypted(bytes: Uint8Array): boolean {
  const tail = String.fromCharCode(...bytes.subarray(Math.max(0, bytes.length - 4096)));
  return tail.includes('/Encrypt');
}

function authenticated(pdf: PDF, password: string | undefined): void {
  if (pdf.isEncrypted && !pdf.isAuthenticated) {
    throw password === undefined || password === ''
      ? new PdfPasswordError('PASSWORD_REQUIRED', 'This PDF is protected by a password')
      : new PdfPasswordError('PASSWORD_WRONG', 'The password does not open this PDF');
  }
}

/**
 * A file without its end markers is taken only when its trailer survives, its page tree is
 * whole and nothing the document refers to is gone (qpdf reads it whole then); otherwise pages
 * could be missing.
 */
function checkCut(bytes: Uint8Array, pdf: PDF, walk: PageTreeWalk): void {
  if (!trailerAfterObjects(bytes) || walk.needsRepair || !nothingMissing(pdf)) throw incomplete();
}

/**
 * Content that is gone would give a blank page without a word; a wrong key gives streams that
 * do not inflate. A repaired file is checked further: every content stream must decode, and no
 * page may nest absurdly (parsers cut that short silently).
 */
function checkPages(
  pdf: PDF,
  bytes: Uint8Array,
  pages: readonly PdfDict[],
  repaired: boolean,
): void {
  const resolve = resolver(pdf);
  let first: PdfStream | undefined;
  for (const page of pages) {
    const streams = contentStreams(page, resolve);
    if (streams === undefined) throw damaged();
    for (const { ref, stream } of streams) {
      if (ref && !headedBy(bytes, stream, ref)) throw new Misplaced();
      if (repaired && !decodes(stream)) throw damaged();
    }
    first ??= streams[0]?.stream;
    if (tooDeep(page)) throw damaged();
  }
  if (pdf.isEncrypted && first && !decodes(first)) {
    throw new PdfReadError('UNSUPPORTED_ENCRYPTION', 'This PDF could not be decrypted');
  }
}

/** The cross-reference data sent us to an object that is not the one it names. */
class Misplaced extends Error {}
