/**
 * The flags and stderr lines of every write onto an existing PDF (stamp, paging-seal): what the
 * engine keeps (earlier signatures, the encryption) and the user's explicit choices to give that up.
 * Types only from the engine, so `--help` does not load it.
 */
import type { ParseArgsOptionsConfig } from 'node:util';
import type { ExistingPdfWriteOptions, PdfNotice } from '@yinzhang/pdf';
import { type Parsed, str } from './command';
import type { Reporter } from './progress';

export const TRUST_OPTIONS = {
  password: { type: 'string' },
  decrypt: { type: 'boolean', default: false },
  'ignore-restrictions': { type: 'boolean', default: false },
  'force-rewrite': { type: 'boolean', default: false },
} as const satisfies ParseArgsOptionsConfig;

export const TRUST_HELP = `  --password P        the user or owner password of an encrypted PDF; the output keeps the
                      file's encryption and both of its passwords
  --decrypt           write the output without a password (a full rewrite; said on stderr)
  --ignore-restrictions
                      stamp although the file's permissions forbid changes (without its owner
                      password)
  --force-rewrite     rewrite the whole file where appending is impossible (a damaged signed
                      file, a certified file that allows no changes); prints the signatures
                      this invalidates

The input's bytes stay as they are and the stamp is appended as an incremental update, so earlier
digital signatures stay valid ("changed after signing" in a PDF reader).`;

/** One stderr line for a notice from the engine; always printed, -q or not: it is about proof. */
export function noticeLine(notice: PdfNotice): string {
  const names = notice.signatures?.length ? `: ${notice.signatures.join(', ')}` : '';
  switch (notice.code) {
    case 'SIGNATURES_INVALIDATED':
      return `warning: the full rewrite invalidates these signatures${names}`;
    case 'SIGNATURES_DROPPED':
      return `warning: ${notice.file ?? 'an input'}: its digital signatures are not kept in the merged file`;
    case 'NO_LONGER_PDFA':
      return notice.file === undefined
        ? `note: ${notice.message}`
        : `note: ${notice.file}: it claimed PDF/A; the merged file is not PDF/A`;
    case 'DECRYPTED':
      return 'note: the output is written without a password (--decrypt)';
    default:
      return `note: ${notice.message}`;
  }
}

export interface TrustChoice {
  readonly options: ExistingPdfWriteOptions;
  /** The engine's work, its refusal marked with --decrypt so that errors.ts explains it right. */
  guard<T>(work: Promise<T>): Promise<T>;
}

/**
 * The engine options from the flags, with notices going to stderr. Everything the user must be
 * told comes from the engine (it says DECRYPTED whenever --decrypt removes a password), so no
 * command reads the file a second time to find out.
 */
export function trustChoice(args: Parsed, report: Reporter): TrustChoice {
  const decrypt = args.values.decrypt === true;
  return {
    options: {
      password: str(args, 'password'),
      decrypt,
      ignoreRestrictions: args.values['ignore-restrictions'] === true,
      forceRewrite: args.values['force-rewrite'] === true,
      onNotice(notice) {
        // --decrypt is a full rewrite by nature: saying so again adds nothing.
        if (decrypt && notice.code === 'REWRITTEN') return;
        report.warn(noticeLine(notice));
      },
    },
    guard(work) {
      return work.catch((err: unknown) => {
        if (err instanceof Error) (err as Error & { decrypt?: boolean }).decrypt = decrypt;
        throw err;
      });
    },
  };
}
