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
import { openPdf, pageGeometry } from './open';
import { readPdf } from './read';
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
 * Everything readPdfInfo reports, from one parse with @libpdf/core and the checks in read.ts
 * (truncation, missing content, page-tree loops, wrong keys), which give our errors for every
 * damaged file the tests describe.
 */
export async function inspect(
  bytes: Uint8Array,
  password?: string,
): Promise<{ pdf: PDF; info: PdfInfo; geometry: PageGeometry[] }> {
  const { pdf, geometry, repaired } = await readPdf(bytes, password);
  const facts = readDocumentFacts(pdf);
  const info: PdfInfo = {
    pages: geometry.map(displayedSize),
    ...facts,
    repaired: facts.repaired || repaired,
  };
  return { pdf, info, geometry };
}

/**
 * A file for merging (still pdf-lib's page copier, see README): read by pdf-lib, or, when pdf-lib
 * refuses a file @libpdf/core repairs, pdf-lib reads @libpdf/core's rewrite of it.
 */
export async function openForMerge(
  bytes: Uint8Array,
  password?: string,
): Promise<Awaited<ReturnType<typeof openPdf>>> {
  try {
    const doc = await openPdf(bytes, password);
    // pdf-lib's inheritance walk fails on page trees it misreads; the copier would too.
    doc.getPages().forEach(pageGeometry);
    return doc;
  } catch (err) {
    const { pdf } = await inspect(bytes, password);
    if (pdf.isEncrypted) pdf.removeProtection();
    // save() hands back the original bytes when nothing changed; the rewrite is the repair.
    pdf.getCatalog().set('Type', PdfName.of('Catalog'));
    try {
      return await openPdf(await pdf.save());
    } catch {
      throw err instanceof PdfError
        ? err
        : new PdfReadError('BROKEN_PDF', 'This PDF is damaged or incomplete', { cause: err });
    }
  }
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
