import type { VerifyOptions, VerifyResult } from './types';

/** Reads every signature of a PDF and checks it. (Implementation follows in the next commit.) */
export async function verifyPdf(
  _bytes: Uint8Array,
  _options: VerifyOptions = {},
): Promise<VerifyResult> {
  throw new Error('verifyPdf: not implemented yet');
}
