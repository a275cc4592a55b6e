/**
 * Errors the engine throws on purpose. Each carries a stable `code` that screens and the command
 * line can translate; the message is a readable English sentence.
 */
import type { SignErrorCode } from './sign/errors';

export type PdfErrorCode =
  | SignErrorCode
  | 'PASSWORD_REQUIRED'
  | 'PASSWORD_WRONG'
  | 'NOT_PDF'
  | 'BROKEN_PDF'
  | 'NO_PAGES'
  | 'UNSUPPORTED_ENCRYPTION'
  | 'BAD_IMAGE'
  | 'BAD_PLACEMENT'
  | 'RESTRICTED'
  | 'CERTIFIED_NO_CHANGES'
  | 'SIGNED_NEEDS_REPAIR';

export class PdfError extends Error {
  readonly code: PdfErrorCode;
  constructor(code: PdfErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The file is encrypted and the password is missing or does not open it. */
export class PdfPasswordError extends PdfError {
  declare readonly code: 'PASSWORD_REQUIRED' | 'PASSWORD_WRONG';
  constructor(
    code: 'PASSWORD_REQUIRED' | 'PASSWORD_WRONG',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

/** The bytes are not a PDF we can read (not a PDF, truncated, broken, unsupported encryption). */
export class PdfReadError extends PdfError {
  declare readonly code: 'NOT_PDF' | 'BROKEN_PDF' | 'NO_PAGES' | 'UNSUPPORTED_ENCRYPTION';
  constructor(
    code: 'NOT_PDF' | 'BROKEN_PDF' | 'NO_PAGES' | 'UNSUPPORTED_ENCRYPTION',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}

/** The caller's request is unusable: an unknown image format, a placement off the document. */
export class PdfInputError extends PdfError {
  declare readonly code: 'BAD_IMAGE' | 'BAD_PLACEMENT';
  constructor(code: 'BAD_IMAGE' | 'BAD_PLACEMENT', message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

export type PdfWriteRefusedCode = 'RESTRICTED' | 'CERTIFIED_NO_CHANGES' | 'SIGNED_NEEDS_REPAIR';

/**
 * Writing onto this file would break what it holds, so nothing was written:
 * - RESTRICTED: its permissions forbid changes; open it with the owner password, or pass
 *   `ignoreRestrictions`;
 * - CERTIFIED_NO_CHANGES: a certification signature (DocMDP /P 1) allows no changes at all;
 * - SIGNED_NEEDS_REPAIR: its cross-reference data is broken, so an appended update would not
 *   open as the signed revision; `forceRewrite` rewrites it, invalidating the signatures.
 */
export class PdfWriteRefusedError extends PdfError {
  declare readonly code: PdfWriteRefusedCode;
  constructor(code: PdfWriteRefusedCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/**
 * What a public call throws when something it called failed in a way we did not foresee (the PDF
 * engine tripping over an odd file, say): our error and our words, never the engine's message
 * ("Parent.ascend is not a function" means nothing to a user). The original stays the `cause`,
 * for the debug log. Our own errors pass through unchanged.
 */
export function ourError(err: unknown): PdfError {
  if (err instanceof PdfError) return err;
  return new PdfReadError(
    'BROKEN_PDF',
    'This PDF could not be processed: it is damaged or uses something we cannot handle. Nothing was written.',
    { cause: err },
  );
}
