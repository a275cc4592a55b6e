/**
 * The signing API (shared with the browser's worker): a key that signs, and the options of signPdf.
 */
import type { ExistingPdfWriteOptions } from '../notices';
import type { Placement } from '../placement';

/** A private key and its certificate chain, wherever the key lives (a .p12, a non-extractable CryptoKey). */
export interface SigningKey {
  /** DER certificates, the signer's first. */
  readonly chain: readonly Uint8Array[];
  readonly keyType: 'RSA' | 'EC';
  /**
   * Signs `data`, hashing it with SHA-256 (RSA, EC P-256) or SHA-384 (EC P-384): RSA PKCS#1 v1.5,
   * ECDSA as a DER SEQUENCE { r, s }.
   */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

/**
 * Signing writes onto an existing PDF like stamping does: the password opens it (and it stays
 * encrypted), and the refusals of ExistingPdfWriteOptions apply.
 */
export interface SignOptions extends ExistingPdfWriteOptions {
  readonly key: SigningKey;
  /** The visible seal: an image (PNG or JPEG) at a placement as stampPdf takes it. null: invisible. */
  readonly appearance: { readonly image: Uint8Array; readonly placement: Placement } | null;
  readonly reason?: string | undefined;
  readonly location?: string | undefined;
  /** A certification signature: 'no-changes' (DocMDP P=1) or 'forms' (P=2: form filling and signatures). */
  readonly certify?: 'no-changes' | 'forms' | undefined;
  /** RFC 3161: DER TimeStampReq in, DER TimeStampResp out (CLI: HTTP POST to --tsa; browser: POST /v1/tsa). */
  readonly timestamp?: ((request: Uint8Array) => Promise<Uint8Array>) | undefined;
  /** The signing time written in /M (default: now). */
  readonly now?: Date | undefined;
  /** Non-fatal things the user should be told (an expired certificate), one English line each. */
  readonly onWarning?: ((message: string) => void) | undefined;
}
