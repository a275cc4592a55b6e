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
import { latin1Text } from './latin1';
import { pageShape } from './page-shape';
import { damaged, repairPageTree, walkPageTree } from './page-tree';
import { looksComplete, looksLikePdf } from './sniff';
import { mayWrap, reindexedObjects } from './xref-index';
import { realignedPrev } from './xref-prev';

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
  // Object-stream indexes that may wrap round (xref-index.ts): set right from the bytes before
  // the one load, not after a load that misread the file (and parsed its 65,542 entries for it).
  const reindexed =
    file.header && file.complete && mayWrap(bytes)
      ? reindexedObjects(bytes, { wrapsOnly: true })
      : undefined;
  if (reindexed) {
    const read = await parse(reindexed, password)
      .then((again) => examine(again, { ...file, bytes: reindexed }))
      .catch(() => undefined);
    if (read && !read.repaired) return read;
  }
  let pdf: PDF;
  try {
    pdf = await parse(bytes, password);
  } catch (err) {
    if (!file.header) throw notPdf();
    const refusal = file.complete ? damaged(err) : incomplete();
    if (encrypted(bytes)) throw refusal;
    // An update's /Prev a few bytes early (xref-prev.ts): set right by an appended copy of the
    // newest section, the file is read as qpdf reads it and appended to, not rebuilt.
    const realigned = file.complete ? realignedPrev(bytes) : undefined;
    if (realigned) {
      const read = await parse(realigned)
        .then((again) => examine(again, { ...file, bytes: realigned }))
        .catch(() => undefined);
      if (read && !read.repaired) return read;
    }
    // The cross-reference data is too broken to find the catalog (every offset wrong, /Root
    // missing, none at all): rebuild it from the objects, as readers do. A file without its
    // end markers is then checked for what the cut took (checkCut).
    pdf = await rebuild(bytes, refusal);
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
    // Entries that name the wrong slot of an object stream (xref-index.ts): set right by an
    // appended section, the file is read as qpdf reads it and appended to, not rebuilt.
    const corrected = reindexed === undefined ? reindexedObjects(bytes) : undefined;
    if (corrected) {
      const read = await parse(corrected)
        .then((again) => examine(again, { ...file, bytes: corrected }))
        .catch(() => undefined);
      if (read && !read.repaired) return read;
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
  if (!file.complete) checkCut(file.bytes, pdf);
  if (walk.needsRepair) {
    if (walk.unlisted && pdf.isEncrypted) throw damaged();
    repairPageTree(pdf);
    // @libpdf/core's page list was built at load: pages it did not take for pages need a reload.
    if (walk.unlisted) pdf = await parse(await pdf.save());
  }
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

export async function parse(bytes: Uint8Array, password?: string): Promise<PDF> {
  try {
    return await PDF.load(bytes, password === undefined ? {} : { credentials: password });
  } catch (err) {
    throw damaged(err);
  }
}

/**
 * @libpdf/core scans the file for objects when it finds no `startxref` near the end. Its
 * scan, not ours: a comment longer than its search window, appended to a copy, sends it there.
 * The scan takes the first /Type /Catalog it finds (else a /Pages node) for the root; a file
 * with neither (a catalog written inline in its trailer, untyped nodes) gets one appended that
 * names its page tree. Encrypted files are not rebuilt: the scan finds no trailer, so no key.
 */
async function rebuild(bytes: Uint8Array, cause: unknown): Promise<PDF> {
  const scanned = await scan(bytes);
  if (scanned) return scanned;
  const catalog = catalogFor(bytes);
  const withCatalog = catalog && (await scan(bytes, catalog));
  if (withCatalog) return withCatalog;
  throw cause instanceof PdfReadError ? cause : damaged(cause);
}

async function scan(bytes: Uint8Array, extra = ''): Promise<PDF | undefined> {
  const tail = latin1Bytes(`${extra}\n%${'-'.repeat(1100)}\n`);
  const copy = new Uint8Array(bytes.length + tail.length);
  copy.set(bytes);
  copy.set(tail, bytes.length);
  try {
    const pdf = await PDF.load(copy);
    return pdf.recoveredViaBruteForce ? pdf : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A catalog object for a file whose own is missing or inline: its page tree is what the
 * trailer's inline /Root names, or else the first node with /Kids and no /Parent.
 */
function catalogFor(bytes: Uint8Array): string | undefined {
  const text = latin1Text(bytes);
  const inline = /\/Root\s*<<[\s\S]*?\/Pages\s+(\d+)\s+(\d+)\s+R/.exec(text);
  let pages = inline && `${inline[1]} ${inline[2]} R`;
  if (!pages) {
    for (const m of text.matchAll(/(\d+)\s+(\d+)\s+obj\s*<<((?:(?!endobj)[\s\S])*)/g)) {
      const body = m[3] as string;
      if (/\/Kids\s*\[/.test(body) && !/\/Parent\b/.test(body.split('/Kids')[0] ?? '')) {
        pages = `${m[1]} ${m[2]} R`;
        break;
      }
    }
  }
  if (!pages) return undefined;
  let top = 0;
  for (const m of text.matchAll(/(\d+)\s+\d+\s+obj\b/g)) top = Math.max(top, Number(m[1]));
  return `\n${top + 1} 0 obj\n<< /Type /Catalog /Pages ${pages} >>\nendobj\n`;
}

const latin1Bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

/** An encryption dictionary named in a trailer (in the bytes: the parse failed). */
function encrypted(bytes: Uint8Array): boolean {
  const tail = latin1Text(bytes, bytes.length - 4096);
  return tail.includes('/Encrypt');
}

export function authenticated(pdf: PDF, password: string | undefined): void {
  if (pdf.isEncrypted && !pdf.isAuthenticated) {
    throw password === undefined || password === ''
      ? new PdfPasswordError('PASSWORD_REQUIRED', 'This PDF is protected by a password')
      : new PdfPasswordError('PASSWORD_WRONG', 'The password does not open this PDF');
  }
}

/**
 * A file without its end markers is taken only when its trailer survives and nothing the
 * document refers to is gone (qpdf reads it whole then); otherwise pages
 * could be missing.
 */
function checkCut(bytes: Uint8Array, pdf: PDF): void {
  if (!trailerAfterObjects(bytes) || !nothingMissing(pdf)) throw incomplete();
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
