/** The English sentence of each verification problem; screens translate by code instead. */
import type { SignatureProblem, SignatureProblemCode } from './types';

const MESSAGES: Record<SignatureProblemCode, string> = {
  BYTE_RANGE_INVALID: 'The byte range does not cover the file but the signature',
  NOT_CMS: 'The signature is not a CMS SignedData',
  NO_SIGNER_CERTIFICATE: 'The signature carries no signer certificate',
  SIGNATURE_INVALID: 'The signature does not verify',
  TIMESTAMP_MISMATCH: 'The timestamp is for another signature',
  TIMESTAMP_INVALID: 'The timestamp token does not verify',
  TIMESTAMP_UNREADABLE: 'The timestamp token cannot be read',
  CERTIFICATION_VIOLATED: 'The file was changed after a certification that does not allow it',
};

export function problem(code: SignatureProblemCode, detail?: string): SignatureProblem {
  const base = MESSAGES[code];
  return detail ? { code, message: `${base} (${detail})`, detail } : { code, message: base };
}
