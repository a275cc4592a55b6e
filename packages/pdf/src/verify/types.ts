/** What verifyPdf says about each signature of a PDF. */

/** What changed in the revisions after a signature. */
export type ChangeCode =
  | 'PAGES_ADDED'
  | 'ANNOTATIONS_CHANGED'
  | 'CONTENT_CHANGED'
  | 'FORM_FILLED'
  | 'SIGNATURE_ADDED'
  | 'OTHER';

/** Why a signature is not intact or its time not proven; stable, for screens to translate. */
export type SignatureProblemCode =
  | 'BYTE_RANGE_INVALID' // the byte range does not cover the file but the /Contents hole
  | 'NOT_CMS' // /Contents is not a CMS SignedData
  | 'NO_SIGNER_CERTIFICATE' // the CMS carries no certificate for its signer
  | 'SIGNATURE_INVALID' // digest or signature value does not check out (detail: why)
  | 'TIMESTAMP_MISMATCH' // the timestamp token is for another signature value
  | 'TIMESTAMP_INVALID' // the timestamp token's own signature does not verify
  | 'TIMESTAMP_UNREADABLE' // the timestamp token cannot be parsed (detail: why)
  | 'CERTIFICATION_VIOLATED'; // changed after a certification that forbids it (detail: change codes)

export interface SignatureProblem {
  readonly code: SignatureProblemCode;
  /** The English sentence, as in `problems`. */
  readonly message: string;
  /** Technical detail: a library's message, or ChangeCodes joined with ", ". */
  readonly detail?: string;
}

export interface SignatureReport {
  /** The signature field's full name. */
  readonly field: string;
  /** The signer certificate's common name (or its subject when it has none). */
  readonly signer: string | null;
  /** ISO 8601: from the timestamp token when there is one, else the signature dictionary's /M. */
  readonly signedAt: string | null;
  readonly signedAtSource: 'timestamp' | 'M' | null;
  /** The byte range covers the file but the /Contents hole, the digest matches, the signature verifies. */
  readonly intact: boolean;
  /** No revision was appended after this signature. */
  readonly wholeDocument: boolean;
  /** The certificate chain reaches one of the given trust anchors. */
  readonly trusted: boolean;
  readonly subFilter: string;
  readonly selfSigned: boolean;
  /** What changed after this signature (empty when wholeDocument). */
  readonly changesAfter: readonly ChangeCode[];
  /** Why it is not intact or its time not proven, one English line each. */
  readonly problems: readonly string[];
  /** The same problems with stable codes, in the same order (screens translate these). */
  readonly problemCodes: readonly SignatureProblem[];
}

export interface VerifyOptions {
  /** Trust anchors: DER or PEM certificates (a PEM may hold several). */
  readonly trust?: readonly Uint8Array[] | undefined;
  readonly password?: string | undefined;
}

export interface VerifyResult {
  readonly signatures: SignatureReport[];
}
