/**
 * Opening an existing PDF for an update with @libpdf/core, and saving that update as ONE
 * incremental section appended to the file's own bytes, so that earlier signatures stay valid and
 * the encryption stays as it was. The rules of issue 14 (what is refused, what is rewritten, what
 * the user is told) live here, for stamping, the paging seal and signing alike.
 */
import { type PDF, PdfArray, PdfDict, type PdfObject, PdfRef } from '@libpdf/core';
import { engineWork } from './engine-log';
import { PdfReadError, PdfWriteRefusedError } from './errors';
import { readDocumentFacts } from './facts';
import type { PageGeometry } from './geometry';
import { displayedSize } from './geometry';
import type { PdfInfo } from './info';
import type { ExistingPdfWriteOptions, PdfNotice } from './notices';
import { authenticated, parse, readPdf } from './read';
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
  return engineWork(() => opening(bytes, options));
}

async function opening(bytes: Uint8Array, options: ExistingPdfWriteOptions): Promise<PdfUpdate> {
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
    encryption: facts.encryption,
    canModify: facts.canModify,
    // Read when first asked for (facts.ts): a spread would read them now.
    get signatures() {
      return facts.signatures;
    },
    certification: facts.certification,
    repaired: facts.repaired || repaired,
    pdfA: facts.pdfA,
  };
  return { pdf, info, geometry };
}

/**
 * Loads with @libpdf/core as it is, without read.ts's checks and repairs: for the verifier,
 * which must see each signed revision exactly as written. Its messages never reach users.
 */
export async function loadLibPdf(bytes: Uint8Array, password?: string): Promise<PDF> {
  if (!(bytes instanceof Uint8Array) || !looksLikePdf(bytes)) {
    throw new PdfReadError('NOT_PDF', 'This file is not a PDF');
  }
  if (!looksComplete(bytes)) {
    throw new PdfReadError('BROKEN_PDF', 'This PDF is incomplete (the end of the file is missing)');
  }
  const pdf = await parse(bytes, password);
  authenticated(pdf, password);
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
 * @libpdf/core decrypts an encrypted file's objects in place as it loads them, which marks each
 * one changed, so an incremental save would append every object ever loaded again. What is
 * loaded by now (catalog, page tree, info) is cleared here, and whatever loads later is cleared
 * as it arrives (through the registry's public addLoaded, the one way loaded objects enter it),
 * before anyone can change it: only what the caller changes is appended, and the objects a stamp
 * never reaches (other pages' content, fonts, images, form fields) are neither read nor
 * decrypted. Unencrypted files need nothing: loading marks nothing.
 */
function settle(pdf: PDF): void {
  if (!pdf.isEncrypted) return;
  const { registry } = pdf.context;
  for (const object of registry.getLoadedObjects().values()) clearMarks(object);
  const addLoaded = registry.addLoaded.bind(registry);
  registry.addLoaded = (ref: PdfRef, object: PdfObject) => {
    clearMarks(object);
    addLoaded(ref, object);
  };
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
