/** The messages between the page and the verification worker (verifyPdf off the main thread). */
import type { SignatureReport } from '@yinzhang/pdf';

export interface VerifyRequest {
  /** The opened file, passed by reference and read in the worker. */
  file: Blob;
  /** DER trust anchors (IndexedDB). */
  trust: Uint8Array[];
  password?: string | undefined;
}

export type VerifyMessage =
  | { type: 'done'; signatures: SignatureReport[] }
  | { type: 'failed'; code: string | undefined; message: string };
