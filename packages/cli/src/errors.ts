/** Errors the command line turns into one line on stderr and an exit code. */
/** The command line was used wrongly: exit 2 and point at --help. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Something the user can fix about the input (a missing file, a bad image): exit 1. */
export class InputError extends Error {
  override name = 'InputError';
}

/** The input cannot be read at all (`verify`: exit 2, apart from "read, but not valid"). */
export class UnreadableError extends InputError {
  override name = 'UnreadableError';
}

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** One line for any error: ours verbatim, file-system errors in words, anything else by message. */
/** One line for an error; `flags` are the options of the command that ran, when known. */
export function describe(err: unknown, flags?: ReadonlySet<string>): string {
  if (isEngineError(err) && err.code in REFUSALS) return refusalLine(err, flags);
  if (err instanceof UsageError || err instanceof InputError || isEngineError(err))
    return err.message;
  if (err instanceof RangeError || err instanceof TypeError) return err.message;
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e.code === 'string' && typeof e.path === 'string') {
    const why: Record<string, string> = {
      ENOENT: 'no such file',
      EACCES: 'permission denied',
      EISDIR: 'it is a directory',
      ENOTDIR: 'a folder in the path is a file',
      ENOSPC: 'no space left on the device',
    };
    return `${e.path}: ${why[e.code] ?? e.code}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * The engine's PdfError and its subclasses, recognised without importing the engine, so that
 * --help and usage errors do not pay for loading pdf-lib.
 */
function isEngineError(err: unknown): err is Error & { code: string } {
  return (
    err instanceof Error &&
    err.name.startsWith('Pdf') &&
    typeof (err as { code?: unknown }).code === 'string'
  );
}

/**
 * The engine's refusals to write (PdfWriteRefusedError): the file's state, and the flag that
 * overrides it where the command has that flag (`sign` has none of them but --password).
 */
const REFUSALS: Record<
  string,
  { readonly why: string; readonly flag: string; readonly fix: string }
> = {
  RESTRICTED: {
    why: "the file's permissions forbid changes",
    flag: 'ignore-restrictions',
    fix: 'give its owner password with --password, or stamp anyway with --ignore-restrictions',
  },
  CERTIFIED_NO_CHANGES: {
    why: 'the file is certified and a certification signature on it allows no changes',
    flag: 'force-rewrite',
    fix: '--force-rewrite writes anyway and invalidates it',
  },
  SIGNED_NEEDS_REPAIR: {
    why: 'this signed file is damaged (its cross-reference data needed repair), so appending would break its signatures',
    flag: 'force-rewrite',
    fix: '--force-rewrite rewrites it and invalidates them',
  },
};

/** --decrypt on a file that forbids changes: only its owner password removes the password. */
const DECRYPT_NEEDS_OWNER =
  "the file's permissions forbid changes, and --decrypt needs its owner password (--password); --ignore-restrictions stamps it only with the password kept";

function refusalLine(err: Error & { code: string }, flags?: ReadonlySet<string>): string {
  const { file, decrypt } = err as { file?: unknown; decrypt?: unknown };
  const refusal = REFUSALS[err.code];
  let why: string;
  if (err.code === 'RESTRICTED' && decrypt === true) why = DECRYPT_NEEDS_OWNER;
  else if (!refusal) why = err.message;
  else if (flags && !flags.has(refusal.flag)) why = refusal.why;
  else why = `${refusal.why}: ${refusal.fix}`;
  const line = `refused: ${why}`;
  return typeof file === 'string' ? `${file}: ${line}` : line;
}

/**
 * The debug log (DEBUG set, e.g. DEBUG=yinzhang): the whole error behind the one line, stack and
 * causes, where the engine's own messages go instead of the user's screen.
 */
export function debugDetail(err: unknown, env: NodeJS.ProcessEnv = process.env): string {
  if (!env.DEBUG) return '';
  const lines: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current !== undefined && depth < 8; depth++) {
    const text =
      current instanceof Error
        ? (current.stack ?? `${current.name}: ${current.message}`)
        : String(current);
    lines.push(depth === 0 ? text : `caused by: ${text}`);
    current = current instanceof Error ? current.cause : undefined;
  }
  return `${lines.join('\n')}\n`;
}
