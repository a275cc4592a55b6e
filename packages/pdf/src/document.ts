/**
 * Opening an existing PDF for an update with @libpdf/core, and saving that update as ONE
 * incremental section appended to the file's own bytes, so that earlier signatures stay valid and
 * the encryption stays as it was. The rules of issue 14 (what is refused, what is rewritten, what
 * the user is told) live here, for stamping, the paging seal and signing alike.
 */
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfStream,
} from '@libpdf/core';
import { PdfError, PdfPasswordError, PdfReadError, PdfWriteRefusedError } from './errors';
import { readDocumentFacts } from './facts';
import type { PageGeometry } from './geometry';
import { displayedSize } from './geometry';
import type { PdfInfo } from './info';
import type { ExistingPdfWriteOptions, PdfNotice } from './notices';
import { beyondRepair, isEncrypted, openPdf, pageGeometry, savePdf } from './open';
import { pageShape } from './page-shape';
import { looksComplete, looksLikePdf } from './sniff';

export interface PdfUpdate {
  /** The @libpdf/core document; change it, then hand it to saveUpdate. */
  readonly pdf: PDF;
  readonly info: PdfInfo;
  /** Each page's MediaBox, CropBox and /Rotate, inherited entries resolved. */
  readonly geometry: readonly PageGeometry[];
}

/**
 * Loads `bytes` for an update and checks, before any work, that an update is allowed:
 * PdfWriteRefusedError RESTRICTED, CERTIFIED_NO_CHANGES or SIGNED_NEEDS_REPAIR per the rules in
 * README.md. Password and damage errors are PdfPasswordError and PdfReadError, as for reading.
 */
export async function openForUpdate(
  bytes: Uint8Array,
  options: ExistingPdfWriteOptions = {},
): Promise<PdfUpdate> {
  const { info, geometry, pdf } = await inspect(bytes, options.password);
  checkAllowed(info, options);
  const blocker = pdf.canSaveIncrementally();
  const decrypting = options.decrypt === true && info.encryption !== null;
  if (blocker !== null && info.signatures.length > 0 && !options.forceRewrite && !decrypting) {
    // @libpdf/core appends to no linearized file; a signed one is refused before any work.
    throw new PdfWriteRefusedError(
      'SIGNED_NEEDS_REPAIR',
      `This signed PDF cannot take an appended update; rewriting it would invalidate ${signatureList(info)}`,
    );
  }
  settle(pdf);
  return { pdf, info, geometry };
}

/**
 * Everything readPdfInfo reports. The file is first read by the checks in open.ts (truncation,
 * missing content, page-tree loops, wrong keys), which give our errors for every damaged file the
 * tests describe; @libpdf/core, lenient by design, would take some of them for whole.
 */
export async function inspect(
  bytes: Uint8Array,
  password?: string,
): Promise<{ pdf: PDF; info: PdfInfo; geometry: PageGeometry[] }> {
  let checked: Awaited<ReturnType<typeof openPdf>>;
  let geometry: PageGeometry[];
  try {
    checked = await openPdf(bytes, password);
    geometry = checked.getPages().map(pageGeometry);
  } catch (err) {
    return recover(bytes, password, err);
  }
  let pdf: PDF;
  let rebuilt = false;
  try {
    pdf = await loadLibPdf(bytes, password);
  } catch (err) {
    // pdf-lib reads objects where they are, whatever the cross-reference data says; where that
    // data is too broken for @libpdf/core (every offset wrong, /Root missing), pdf-lib's
    // rewrite is the repaired file. Encrypted files are not rebuilt: pdf-lib's rewrite would
    // drop the encryption.
    if (!(err instanceof PdfReadError) || isEncrypted(checked)) throw err;
    pdf = await loadLibPdf(await savePdf(checked));
    rebuilt = true;
  }
  if (pdf.getPageCount() !== geometry.length) {
    throw new PdfReadError('BROKEN_PDF', 'This PDF is damaged or incomplete');
  }
  return described(pdf, geometry, rebuilt);
}

function described(pdf: PDF, geometry: PageGeometry[], rebuilt: boolean) {
  const facts = readDocumentFacts(pdf);
  const info: PdfInfo = {
    pages: geometry.map(displayedSize),
    ...facts,
    repaired: facts.repaired || rebuilt,
  };
  return { pdf, info, geometry };
}

/**
 * pdf-lib refused the file, or failed inside (its messages never reach users). Readers repair
 * such files (a page tree with a wrong /Count, an odd header, an encryption dictionary pdf-lib
 * misreads), and so does @libpdf/core: when it finds the pages and they hold content it can
 * read, the file is taken as repaired (written in full, with the REPAIRED notice). Otherwise
 * pdf-lib's verdict stands, or a generic one of ours for its crashes.
 */
async function recover(bytes: Uint8Array, password: string | undefined, err: unknown) {
  const refusal =
    err instanceof PdfError
      ? err
      : new PdfReadError('BROKEN_PDF', 'This PDF is damaged or incomplete', { cause: err });
  if (!(refusal instanceof PdfReadError || refusal instanceof PdfPasswordError)) throw refusal;
  if (refusal.code === 'PASSWORD_WRONG' || beyondRepair.has(refusal) || !looksComplete(bytes)) {
    throw refusal;
  }
  if (rawNesting(bytes) > MAX_NESTING) throw refusal;
  let pdf: PDF;
  try {
    pdf = await loadLibPdf(bytes, password, { anyHeader: true });
  } catch {
    throw refusal;
  }
  const pages = pdf.getPages();
  if (!pages.every((page) => contentReadable(pdf, page.dict) && !tooDeep(page.dict))) {
    throw refusal;
  }
  recount(pdf);
  return described(
    pdf,
    pages.map((page) => pageShape(pdf, page.dict)),
    true,
  );
}

/**
 * Sets every /Pages node's /Count to the pages under it, as readers count them, and every kid's
 * /Parent to the node that lists it: a repaired file is written in full, and a wrong count or
 * parent would make the next reader repair it again (or, for pdf-lib, fail).
 */
function recount(pdf: PDF): void {
  const resolve = (o: PdfObject | undefined) =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;
  const seen = new Set<PdfDict>();
  const refs = new Map<PdfDict, PdfRef>();
  const count = (node: PdfDict, depth: number): number => {
    const self = refs.get(node);
    if (seen.has(node) || depth > MAX_NESTING) return 0;
    seen.add(node);
    const kids = resolve(node.get('Kids'));
    if (!(kids instanceof PdfArray)) return node.has('Kids') || isPages(node) ? 0 : 1;
    let total = 0;
    for (const kid of kids) {
      const child = resolve(kid);
      if (!(child instanceof PdfDict)) continue;
      if (kid instanceof PdfRef && !refs.has(child)) refs.set(child, kid);
      total += count(child, depth + 1);
      // A /Parent that is not the node listing the kid breaks inheritance in other readers.
      if (self && !sameRef(child.get('Parent'), self)) child.set('Parent', self);
    }
    const old = resolve(node.get('Count'));
    if (!(old instanceof PdfNumber) || old.value !== total) node.set('Count', PdfNumber.of(total));
    return total;
  };
  const rootRef = pdf.getCatalog().get('Pages');
  const root = resolve(rootRef);
  if (root instanceof PdfDict) {
    if (rootRef instanceof PdfRef) refs.set(root, rootRef);
    count(root, 0);
  }
}

const sameRef = (a: PdfObject | undefined, b: PdfRef) =>
  a instanceof PdfRef && a.objectNumber === b.objectNumber && a.generation === b.generation;

const isPages = (node: PdfDict) => {
  const type = node.get('Type');
  return type instanceof PdfName && type.value === 'Pages';
};

/** Far deeper than any writer nests, and shallower than qpdf's limit for what we write back. */
const MAX_NESTING = 256;

/** Arrays and dictionaries nested in the page beyond MAX_NESTING: an attack, not damage. */
function tooDeep(page: PdfDict): boolean {
  const pending: [PdfObject, number][] = [[page, 0]];
  while (pending.length > 0) {
    const [object, depth] = pending.pop() as [PdfObject, number];
    if (depth > MAX_NESTING) return true;
    if (object instanceof PdfDict) for (const [, v] of object) pending.push([v, depth + 1]);
    else if (object instanceof PdfArray) for (const v of object) pending.push([v, depth + 1]);
  }
  return false;
}

/**
 * How deep arrays and dictionaries nest in the file's bytes, streams and strings skipped: parsers
 * cut absurd nesting short silently, so repairing such a file would keep a mangled page.
 */
function rawNesting(bytes: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const c = bytes[i];
    if (c === 0x28) {
      // a literal string: balanced parentheses, backslash escapes
      let nest = 1;
      for (i++; i < n && nest > 0; i++) {
        if (bytes[i] === 0x5c) i++;
        else if (bytes[i] === 0x28) nest++;
        else if (bytes[i] === 0x29) nest--;
      }
      i--;
    } else if (c === 0x5b || (c === 0x3c && bytes[i + 1] === 0x3c)) {
      if (c === 0x3c) i++;
      deepest = Math.max(deepest, ++depth);
    } else if (c === 0x5d || (c === 0x3e && bytes[i + 1] === 0x3e)) {
      if (c === 0x3e) i++;
      depth = Math.max(0, depth - 1);
    } else if (c === 0x73 && bytes[i + 1] === 0x74 && isStreamKeyword(bytes, i)) {
      const end = indexOf(bytes, ENDSTREAM, i + 6);
      if (end < 0) break;
      i = end + ENDSTREAM.length - 1;
      depth = 0;
    }
  }
  return deepest;
}

const STREAM = Array.from('stream', (c) => c.charCodeAt(0));
const ENDSTREAM = Array.from('endstream', (c) => c.charCodeAt(0));

function isStreamKeyword(bytes: Uint8Array, at: number): boolean {
  const before = bytes[at - 1];
  if (before === 0x64) return false; // "endstream"
  return (
    STREAM.every((b, k) => bytes[at + k] === b) &&
    (bytes[at + 6] === 0x0a || bytes[at + 6] === 0x0d)
  );
}

function indexOf(bytes: Uint8Array, needle: readonly number[], from: number): number {
  const first = needle[0] as number;
  for (let i = bytes.indexOf(first, from); i >= 0; i = bytes.indexOf(first, i + 1)) {
    if (needle.every((b, k) => bytes[i + k] === b)) return i;
  }
  return -1;
}

/** Every stream the page's /Contents names exists and decodes (a damaged page draws nothing). */
function contentReadable(pdf: PDF, page: PdfDict): boolean {
  const resolve = (o: PdfObject | undefined) =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;
  const contents = resolve(page.get('Contents'));
  if (contents === undefined) return true;
  const items = contents instanceof PdfArray ? contents.toArray() : [contents];
  for (const item of items) {
    const stream = resolve(item);
    if (!(stream instanceof PdfStream)) return false;
    try {
      stream.getDecodedData();
    } catch {
      return false;
    }
  }
  return true;
}

/** Loads with @libpdf/core; its messages never reach users, only our codes. */
export async function loadLibPdf(
  bytes: Uint8Array,
  password?: string,
  options: { readonly anyHeader?: boolean } = {},
): Promise<PDF> {
  if (!(bytes instanceof Uint8Array) || !(options.anyHeader || looksLikePdf(bytes))) {
    throw new PdfReadError('NOT_PDF', 'This file is not a PDF');
  }
  if (!looksComplete(bytes)) {
    throw new PdfReadError('BROKEN_PDF', 'This PDF is incomplete (the end of the file is missing)');
  }
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes, password === undefined ? {} : { credentials: password });
  } catch (err) {
    throw new PdfReadError('BROKEN_PDF', 'This PDF is damaged or incomplete', { cause: err });
  }
  if (pdf.isEncrypted && !pdf.isAuthenticated) {
    throw password === undefined || password === ''
      ? new PdfPasswordError('PASSWORD_REQUIRED', 'This PDF is protected by a password')
      : new PdfPasswordError('PASSWORD_WRONG', 'The password does not open this PDF');
  }
  if (pdf.getPageCount() === 0) throw new PdfReadError('NO_PAGES', 'This PDF has no pages');
  return pdf;
}

/** The refusals of issue 14, all decided before any work is done. */
function checkAllowed(info: PdfInfo, options: ExistingPdfWriteOptions): void {
  if (!info.canModify && !options.ignoreRestrictions) {
    throw new PdfWriteRefusedError(
      'RESTRICTED',
      `This PDF's permissions do not allow changes; open it with its owner password, or choose to ignore the restrictions`,
    );
  }
  if (options.decrypt && info.encryption && !info.canModify) {
    // Removing the password needs the owner password or the permission to modify: ignoring the
    // restrictions lets us add a stamp under the file's own encryption, not strip it.
    throw new PdfWriteRefusedError(
      'RESTRICTED',
      `Removing this PDF's password needs its owner password`,
    );
  }
  if (info.certification === 1 && !options.forceRewrite) {
    throw new PdfWriteRefusedError(
      'CERTIFIED_NO_CHANGES',
      'This PDF is certified by its author with no changes allowed; any change would break that certification',
    );
  }
  if (info.repaired && info.signatures.length > 0 && !options.forceRewrite) {
    throw new PdfWriteRefusedError(
      'SIGNED_NEEDS_REPAIR',
      `This PDF is signed and its cross-reference data is broken: a change can only be written by rewriting the file, which would invalidate ${signatureList(info)}`,
    );
  }
}

const signatureList = (info: PdfInfo) =>
  `its signature${info.signatures.length === 1 ? '' : 's'} ${info.signatures.map((s) => `"${s.field}"`).join(', ')}`;

/**
 * @libpdf/core decrypts an encrypted file's objects in place, which marks every one of them
 * changed, so an incremental save would append the whole file again. Load everything reachable
 * now and clear those marks (through the objects' public clearDirty), so that only what the
 * caller changes afterwards is appended. Unencrypted files need nothing: loading marks nothing.
 */
function settle(pdf: PDF): void {
  if (!pdf.isEncrypted) return;
  const { registry } = pdf.context;
  const seen = new Set<string>();
  const pending: PdfObject[] = [pdf.getCatalog()];
  const trailerInfo = registry.getLoadedObjects();
  for (const object of trailerInfo.values()) pending.push(object);
  while (pending.length > 0) {
    const object = pending.pop() as PdfObject;
    if (object instanceof PdfRef) {
      const key = `${object.objectNumber} ${object.generation}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const target = registry.resolve(object);
      if (target) pending.push(target);
    } else if (object instanceof PdfDict) {
      for (const [, value] of object) pending.push(value);
    } else if (object instanceof PdfArray) {
      for (const item of object) pending.push(item);
    }
  }
  for (const object of registry.getLoadedObjects().values()) clearMarks(object);
}

function clearMarks(object: PdfObject): void {
  if (object instanceof PdfDict) {
    object.clearDirty();
    for (const [, value] of object) if (!(value instanceof PdfRef)) clearMarks(value);
  } else if (object instanceof PdfArray) {
    object.clearDirty();
    for (const item of object) if (!(item instanceof PdfRef)) clearMarks(item);
  }
}

/**
 * Writes the update: appended to the input (same cross-reference kind, same encryption) unless
 * `decrypt` or a rewrite is needed. Tells `onNotice` about every rewrite and what it broke.
 */
export async function saveUpdate(
  pdf: PDF,
  info: PdfInfo,
  options: ExistingPdfWriteOptions = {},
): Promise<Uint8Array> {
  const notify = (n: PdfNotice) => options.onNotice?.(n);
  // Removing the password is a rewrite by nature; on a file without one there is nothing to do.
  const decrypting = options.decrypt === true && info.encryption !== null;
  const blocker = pdf.canSaveIncrementally();
  const rewrite = decrypting || options.forceRewrite === true || info.repaired || blocker !== null;
  if (!rewrite) {
    if (info.pdfA?.startsWith('1') && addsTransparency(pdf)) {
      notify({
        code: 'NO_LONGER_PDFA',
        message: `The input claimed PDF/A-${info.pdfA}, which allows no transparency; the stamp's soft mask breaks that claim`,
      });
    }
    return pdf.save({ incremental: true });
  }

  if (info.signatures.length > 0 && !options.forceRewrite && !decrypting) {
    // openForUpdate refuses these before any work; this guards callers that changed `pdf` after.
    throw new PdfWriteRefusedError(
      'SIGNED_NEEDS_REPAIR',
      `This signed PDF cannot take an appended update; rewriting it would invalidate ${signatureList(info)}`,
    );
  }
  if (info.repaired) {
    notify({ code: 'REPAIRED', message: `This PDF's cross-reference data was broken and rebuilt` });
  }
  if (decrypting) {
    pdf.removeProtection();
    notify({ code: 'DECRYPTED', message: 'The PDF was written without its password' });
  }
  notify({ code: 'REWRITTEN', message: 'The PDF was written in full instead of appended to' });
  if (info.signatures.length > 0) {
    notify({
      code: 'SIGNATURES_INVALIDATED',
      message: `Rewriting invalidated ${signatureList(info)}`,
      signatures: info.signatures.map((s) => s.field),
    });
  }
  if (info.pdfA !== null) {
    notify({
      code: 'NO_LONGER_PDFA',
      message: `The input claimed PDF/A-${info.pdfA}; the rewritten file may no longer conform`,
    });
  }
  return pdf.save();
}

/** PDF/A-1 forbids soft masks; every PNG @libpdf/core embeds carries one. */
function addsTransparency(pdf: PDF): boolean {
  for (const object of pdf.context.registry.getNewObjects().values()) {
    if (object instanceof PdfDict && object.has('SMask')) return true;
  }
  return false;
}
