/** What verifyPdf says about each signature of a PDF. */

/** What changed in the revisions after a signature. */
export type ChangeCode =
  | 'PAGES_ADDED'
  | 'ANNOTATIONS_CHANGED'
  | 'CONTENT_CHANGED'
  | 'FORM_FILLED'
  | 'SIGNATURE_ADDED'
  | 'OTHER';

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
  /** Why it is not intact or not trusted, one English line each. */
  readonly problems: readonly string[];
}

export interface VerifyOptions {
  /** Trust anchors: DER or PEM certificates (a PEM may hold several). */
  readonly trust?: readonly Uint8Array[] | undefined;
  readonly password?: string | undefined;
}

export interface VerifyResult {
  readonly signatures: SignatureReport[];
}
