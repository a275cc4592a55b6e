/**
 * What PDF签章 knows about the opened file's protections (issue 14) and what the user chose about
 * them, as plain data: the line above the pages, the checks before 编辑完成, and the options the
 * export passes to the engine all come from here.
 */

/** The parts of the engine's PdfInfo the screen uses (read in the PDF worker, see inspect.ts). */
export interface PdfTrust {
  /** Digital signatures the file carries (kept: the stamp is an incremental update). */
  readonly signatures: number;
  readonly encrypted: boolean;
  /** The permissions allow changes, or the file was opened with its owner password. */
  readonly canModify: boolean;
  /** DocMDP /P of a certification signature: 1 allows no changes at all. */
  readonly certification: 1 | 2 | 3 | null;
}

export interface TrustChoice {
  /** 移除密码, ticked in the password dialog: the output has no password. */
  readonly removePassword: boolean;
  /** The user confirmed stamping although the permissions forbid changes. */
  readonly ignoreRestrictions: boolean;
  /** An owner password given after opening, which lifts the restrictions. */
  readonly ownerPassword: string | undefined;
}

export const NO_CHOICE: TrustChoice = {
  removePassword: false,
  ignoreRestrictions: false,
  ownerPassword: undefined,
};

/**
 * The engine's refusals (PdfWriteRefusedError codes) the screen explains, and one of its own:
 * 移除密码 on a file that forbids changes needs the owner password (the engine refuses it as
 * RESTRICTED even when confirmed: a confirmation lets us add to a file, not strip its protection).
 */
export type Refusal =
  | 'RESTRICTED'
  | 'CERTIFIED_NO_CHANGES'
  | 'SIGNED_NEEDS_REPAIR'
  | 'DECRYPT_NEEDS_OWNER';
const REFUSALS: readonly string[] = ['RESTRICTED', 'CERTIFIED_NO_CHANGES', 'SIGNED_NEEDS_REPAIR'];

/** The refusal to show for an error code from the worker; null for other failures. */
export function refusalOf(
  code: string | undefined,
  choice: TrustChoice = NO_CHOICE,
): Refusal | null {
  if (code === undefined || !REFUSALS.includes(code)) return null;
  if (code === 'RESTRICTED' && choice.removePassword) return 'DECRYPT_NEEDS_OWNER';
  return code as Refusal;
}

/** The file forbids changes and the user has neither given its owner password nor confirmed. */
export function restricted(trust: PdfTrust | null, choice: TrustChoice): boolean {
  return trust !== null && !trust.canModify && !choice.ignoreRestrictions;
}

/**
 * Why 编辑完成 cannot go ahead, known before the worker runs (the engine would refuse the same):
 * said next to the button instead of after a wait.
 */
export function preflight(trust: PdfTrust | null, choice: TrustChoice): Refusal | null {
  if (trust?.certification === 1) return 'CERTIFIED_NO_CHANGES';
  if (trust && !trust.canModify && choice.removePassword) return 'DECRYPT_NEEDS_OWNER';
  if (restricted(trust, choice)) return 'RESTRICTED';
  return null;
}

/** What the export passes to the engine (ExistingPdfWriteOptions without the callbacks). */
export function writeOptions(
  openedWith: string | undefined,
  choice: TrustChoice,
): { password: string | undefined; decrypt: boolean; ignoreRestrictions: boolean } {
  return {
    password: choice.ownerPassword ?? openedWith,
    decrypt: choice.removePassword,
    ignoreRestrictions: choice.ignoreRestrictions,
  };
}
