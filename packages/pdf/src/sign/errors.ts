/**
 * Why signing refused or failed. Stable codes that screens and the command line translate; the
 * message is a readable English sentence.
 */
import { PdfError } from '../errors';

export type SignErrorCode =
  | 'P12_PASSWORD_WRONG' // the .p12/.pfx password does not open it
  | 'NOT_P12' // the bytes are not a PKCS#12 file
  | 'P12_NO_KEY' // the file holds certificates but no private key (or no certificate for it)
  | 'KEY_TOO_WEAK' // RSA below 2048 bits
  | 'KEY_UNSUPPORTED' // not RSA, not EC P-256/P-384
  | 'KEY_MISMATCH' // the key does not belong to the first certificate of the chain
  | 'BAD_CERTIFICATE' // the certificate cannot be read
  | 'TSA_FAILED' // the timestamp authority did not answer, refused, or answered garbage
  | 'SIGN_FAILED'; // the document could not be prepared for signing

export class SignError extends PdfError {
  declare readonly code: SignErrorCode;
  constructor(code: SignErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
