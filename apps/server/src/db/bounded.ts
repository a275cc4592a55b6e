import { HttpError } from '../http/errors';
import type { Repository } from './repository';

/**
 * Storage did not answer in time, or cannot be reached. Answered 503 STORAGE_UNAVAILABLE with
 * Retry-After: the request was not acknowledged (a write may still commit after the deadline, so
 * a retry may repeat it, never lose it).
 */
export class StorageUnavailableError extends HttpError {
  constructor(message: string, options?: ErrorOptions) {
    super(503, 'STORAGE_UNAVAILABLE', message, {
      ...options,
      headers: { 'retry-after': String(STORAGE_RETRY_AFTER_S) },
    });
    this.name = 'StorageUnavailableError';
  }
}

/** Retry-After (seconds) of a STORAGE_UNAVAILABLE answer. */
export const STORAGE_RETRY_AFTER_S = 2;

/**
 * Errors that mean "the database is not there", as opposed to a bug in a statement: refused or
 * cut connections, pg's own client-side timeouts (taking a connection, a query), SQLite busy.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  // PostgreSQL: cannot connect now, shutting down, too many connections, statement cancelled.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|query read timeout|connection terminated|connection ended|client has encountered a connection error|cannot use a pool after calling end|database is locked|sqlite_busy/i;

function isUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = err instanceof Error ? err.message : '';
  if (UNAVAILABLE_MESSAGES.test(message)) return true;
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isUnavailable(cause);
}

/** `work`, failing with StorageUnavailableError after `timeoutMs` or on an unreachable database. */
export async function withinDeadline<T>(
  what: string,
  timeoutMs: number,
  work: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StorageUnavailableError(`The database did not answer in time (${what})`)),
      timeoutMs,
    );
  });
  const running = work();
  // When the deadline wins, the work's own failure (pg's query timeout, moments later) is moot.
  running.catch(() => {});
  try {
    return await Promise.race([running, deadline]);
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw err;
    if (isUnavailable(err)) {
      throw new StorageUnavailableError('The database cannot be reached', { cause: err });
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The repository with a client-side deadline on every call (PostgreSQL and SQLite alike): no
 * request waits on storage longer than `timeoutMs`, whatever the database does (a frozen server
 * keeps its sockets open and answers nothing; only the client can stop waiting).
 */
export function boundedRepository(repo: Repository, timeoutMs: number): Repository {
  const bounded = {} as Record<string, unknown>;
  for (const key of Object.keys(repo) as (keyof Repository)[]) {
    const method = repo[key] as (...args: unknown[]) => Promise<unknown>;
    bounded[key] = (...args: unknown[]) =>
      withinDeadline(key, timeoutMs, () => method.apply(repo, args));
  }
  return bounded as unknown as Repository;
}
