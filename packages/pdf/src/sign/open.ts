/**
 * Opening a PDF with @libpdf/core for an incremental update (signing) or for reading signatures.
 * The password opens it; encryption is kept on save.
 */
import { PDF } from '@libpdf/core';
import { PdfPasswordError, PdfReadError } from '../errors';
import { looksComplete, looksLikePdf } from '../sniff';

export async function loadLibPdf(bytes: Uint8Array, password?: string): Promise<PDF> {
  if (!(bytes instanceof Uint8Array) || !looksLikePdf(bytes)) {
    throw new PdfReadError('NOT_PDF', 'This file is not a PDF');
  }
  if (!looksComplete(bytes)) {
    throw new PdfReadError('BROKEN_PDF', 'This PDF is incomplete (the end of the file is missing)');
  }
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes, password === undefined ? {} : { credentials: password });
  } catch (cause) {
    throw new PdfReadError('BROKEN_PDF', 'This PDF cannot be read', { cause });
  }
  if (pdf.isEncrypted && !pdf.isAuthenticated) {
    throw password === undefined
      ? new PdfPasswordError('PASSWORD_REQUIRED', 'This PDF needs a password')
      : new PdfPasswordError('PASSWORD_WRONG', 'The PDF password is wrong');
  }
  if (pdf.getPageCount() === 0) throw new PdfReadError('NO_PAGES', 'This PDF has no pages');
  return pdf;
}
