/**
 * The one place that turns an engine failure into a sentence of ours (issue 19: every error a user
 * reads is ours, in their language, naming the file and what to do). Every tool that runs the
 * engine or pdf.js on a user's file (PDF签章, PDF合并, 图片转PDF, PDF编辑, 关键字签章, the
 * signature check) shows `t(pdfErrorKey(code), { file })`; the engine's own English goes to the
 * debug log through `logEngineError`, never to the screen.
 */
import type { PdfErrorCode } from '@yinzhang/pdf';
import '../i18n/trust';

/** Codes the page itself gives a failure that has no engine code. */
export type PageErrorCode =
  /** The PDF worker died (out of memory on a huge or hostile file) or could not start. */
  | 'WORKER_STOPPED'
  /** The browser could not decode an image (WebP turned into PNG in the page). */
  | 'IMAGE_UNREADABLE'
  /** A PNG declares more pixels than the page lets the engine inflate (files/imageSize.ts). */
  | 'IMAGE_TOO_LARGE';

/** Read and input problems: one sentence each in `trust.error`, naming the file. */
const READ_ERRORS = [
  'NOT_PDF',
  'BROKEN_PDF',
  'NO_PAGES',
  'PASSWORD_REQUIRED',
  'PASSWORD_WRONG',
  'UNSUPPORTED_ENCRYPTION',
  'BAD_IMAGE',
  'BAD_PLACEMENT',
  'WORKER_STOPPED',
  'IMAGE_UNREADABLE',
  'IMAGE_TOO_LARGE',
] as const;
type ReadError = (typeof READ_ERRORS)[number];

/** Refusals to write: PDF签章 explains them next to 编辑完成 (`trust.refused`). */
type Refused = 'RESTRICTED' | 'CERTIFIED_NO_CHANGES' | 'SIGNED_NEEDS_REPAIR';

/** Signing problems: explained next to the 数字签名 controls (`digsig.errors`). */
type SignCode = Exclude<PdfErrorCode, ReadError | Refused>;

export type PdfErrorKey =
  | `trust.error.${ReadError | 'FAILED'}`
  | `trust.refused.${Refused}`
  | `digsig.errors.${SignCode}`;

/**
 * Every code the engine throws, with its sentence. A Record over PdfErrorCode, so a code added to
 * the engine without a sentence here fails to compile.
 */
const KEYS: Record<PdfErrorCode | PageErrorCode, PdfErrorKey> = {
  ...(Object.fromEntries(READ_ERRORS.map((code) => [code, `trust.error.${code}`])) as Record<
    ReadError,
    PdfErrorKey
  >),
  RESTRICTED: 'trust.refused.RESTRICTED',
  CERTIFIED_NO_CHANGES: 'trust.refused.CERTIFIED_NO_CHANGES',
  SIGNED_NEEDS_REPAIR: 'trust.refused.SIGNED_NEEDS_REPAIR',
  P12_PASSWORD_WRONG: 'digsig.errors.P12_PASSWORD_WRONG',
  NOT_P12: 'digsig.errors.NOT_P12',
  P12_NO_KEY: 'digsig.errors.P12_NO_KEY',
  KEY_TOO_WEAK: 'digsig.errors.KEY_TOO_WEAK',
  KEY_UNSUPPORTED: 'digsig.errors.KEY_UNSUPPORTED',
  KEY_MISMATCH: 'digsig.errors.KEY_MISMATCH',
  BAD_CERTIFICATE: 'digsig.errors.BAD_CERTIFICATE',
  TSA_FAILED: 'digsig.errors.TSA_FAILED',
  SIGN_FAILED: 'digsig.errors.SIGN_FAILED',
};

/** The codes with a sentence of their own (the rest get the generic one). */
export const KNOWN_ERROR_CODES = Object.keys(KEYS) as readonly (PdfErrorCode | PageErrorCode)[];

/** The generic sentence: for a failure without a code of ours, never the failure's own words. */
export const GENERIC_ERROR_KEY = 'trust.error.FAILED' satisfies PdfErrorKey;

/** The i18n key that says, in the user's language, why the engine failed on `{file}`. */
export function pdfErrorKey(code: string | undefined): PdfErrorKey {
  return code !== undefined && Object.hasOwn(KEYS, code)
    ? KEYS[code as keyof typeof KEYS]
    : GENERIC_ERROR_KEY;
}

/** A thrown value's error code (PdfError, JobError, a worker's answer), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/** The original failure, for whoever debugs it: the console's debug level, not the screen. */
export function logEngineError(where: string, file: string, error: unknown): void {
  console.debug(`${where}: ${file}:`, error);
}
