/** What every write onto an existing PDF accepts, and what it may have to tell the user. */

export type PdfNoticeCode =
  /** The cross-reference data was broken and rebuilt. */
  | 'REPAIRED'
  /** Written in full instead of appended. */
  | 'REWRITTEN'
  /** A rewrite broke these signatures (names in `signatures`). */
  | 'SIGNATURES_INVALIDATED'
  /** Written without the password, on request. */
  | 'DECRYPTED'
  /** The input claimed PDF/A and the output cannot. */
  | 'NO_LONGER_PDFA'
  /** Merge: this input's signatures are not carried over (file in `file`). */
  | 'SIGNATURES_DROPPED';

export interface PdfNotice {
  readonly code: PdfNoticeCode;
  /** An English sentence; screens translate by code. */
  readonly message: string;
  /** Signature field names. */
  readonly signatures?: readonly string[];
  /** Merge: the input's name or index. */
  readonly file?: string;
}

export type OnNotice = (notice: PdfNotice) => void;

/** Options shared by every write onto an existing PDF (stampPdf, pagingSeal, and signPdf). */
export interface ExistingPdfWriteOptions {
  /** The user or the owner password. */
  readonly password?: string | undefined;
  /** Write a full rewrite without encryption (移除密码 / --decrypt). */
  readonly decrypt?: boolean | undefined;
  /** Stamp although the file's permissions forbid changes (--ignore-restrictions). */
  readonly ignoreRestrictions?: boolean | undefined;
  /**
   * Rewrite in full where an incremental update is impossible or forbidden, invalidating
   * signatures (--force-rewrite).
   */
  readonly forceRewrite?: boolean | undefined;
  /** Things the user should be told (one line each). */
  readonly onNotice?: OnNotice | undefined;
}
