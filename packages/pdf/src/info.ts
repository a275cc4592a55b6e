/** What a screen or the command line needs to know before placing anything. */
import type { Size } from '@yinzhang/seal/placement';
import { inspect } from './document';
import { engineWork } from './engine-log';
import type { PdfPt } from './units';

export type EncryptionMethod = 'RC4-40' | 'RC4-128' | 'AES-128' | 'AES-256';

export interface PdfInfo {
  /** Each page's displayed size (after /Rotate, within the CropBox). */
  readonly pages: readonly Size<PdfPt>[];
  readonly encryption: null | {
    readonly method: EncryptionMethod;
    /** Opened with the owner password (or no user-password restrictions apply). */
    readonly ownerAccess: boolean;
  };
  /** The permissions allow changes, or the file was opened as its owner. */
  readonly canModify: boolean;
  readonly signatures: readonly { readonly field: string; readonly signer: string | null }[];
  /** DocMDP /P of a certification signature. */
  readonly certification: null | 1 | 2 | 3;
  /** The cross-reference data was broken and rebuilt on reading. */
  readonly repaired: boolean;
  /** The PDF/A part and conformance claimed, e.g. "1B", "2U"; null when not claimed. */
  readonly pdfA: string | null;
}

/** Throws the same errors as stamping would (password, damaged file). */
export async function readPdfInfo(bytes: Uint8Array, password?: string): Promise<PdfInfo> {
  return engineWork(async () => (await inspect(bytes, password)).info);
}
