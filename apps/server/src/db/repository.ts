import type { Client, InStatement } from '@libsql/client';
import { SERVER_LIMITS } from '../limits';
import { groupCommit } from './group-commit';

/**
 * Where a mark came from: drawn by the server, drawn in the browser and registered, or extracted
 * from a photo by the server.
 */
export type MarkKind = 'create' | 'local' | 'extract';

export interface MarkInput {
  readonly mid: string;
  readonly kind: MarkKind;
  readonly bytes: number;
}

export interface MarkRow extends MarkInput {
  readonly createdAt: number;
  readonly lastSeenAt: number;
  readonly hits: number;
}

export interface ReportRow {
  readonly id: number;
  readonly text: string;
  readonly createdAt: number;
}

/** An uploaded crop kept for later clarity keys (POST /v1/stamp/parse, /v1/stamp/gray). */
export interface ParseSession {
  readonly pid: string;
  /** The normalised crop, PNG. */
  readonly image: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** The only module that writes SQL for the routes. */
export interface Repository {
  /** Inserts the mark, or counts one more sighting of it. */
  recordMark(mark: MarkInput): Promise<void>;
  /** Resolves once the row is committed (and, with synchronous=FULL, on disk). */
  addReport(text: string): Promise<void>;
  getMark(mid: string): Promise<MarkRow | undefined>;
  listReports(): Promise<ReportRow[]>;
  /**
   * Stores an uploaded crop, and records the mark of its first result with it when given, in one
   * transaction (one fsync). Resolves once committed, so another instance can serve the pid at once.
   */
  saveParseSession(session: ParseSession, firstMark?: MarkInput): Promise<void>;
  /** The crop under `pid`, unless it has expired (expired rows count as gone before a sweep). */
  getParseSession(pid: string): Promise<ParseSession | undefined>;
  /** Whether `pid` names a crop that has not expired, without reading the crop. */
  isParseSessionLive(pid: string): Promise<boolean>;
  /** Deletes every expired crop; returns how many. */
  deleteExpiredParseSessions(): Promise<number>;
  /** Resolves when the database answers a trivial query (GET /readyz). */
  ping(): Promise<void>;
}

/** A `marks` row as either database returns it (snake_case columns, numbers maybe as strings). */
export function markRow(row: Record<string, unknown>): MarkRow {
  return {
    mid: String(row.mid),
    kind: String(row.kind) as MarkKind,
    bytes: Number(row.bytes),
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    hits: Number(row.hits),
  };
}

/** A `reports` row as either database returns it. */
export function reportRow(row: Record<string, unknown>): ReportRow {
  return { id: Number(row.id), text: String(row.text), createdAt: Number(row.created_at) };
}

/** Inserts the mark, or counts one more sighting of it. */
function recordMarkStatement({ mid, kind, bytes }: MarkInput, t: number): InStatement {
  return {
    sql: `INSERT INTO marks (mid, kind, bytes, created_at, last_seen_at, hits)
          VALUES (?, ?, ?, ?, ?, 1)
          ON CONFLICT (mid) DO UPDATE SET last_seen_at = excluded.last_seen_at, hits = hits + 1`,
    args: [mid, kind, bytes, t, t],
  };
}

interface SessionInput {
  readonly session: ParseSession;
  readonly firstMark: MarkInput | undefined;
}

function insertSessionStatement(s: ParseSession): InStatement {
  return {
    sql: `INSERT INTO parse_sessions (pid, image, width, height, created_at, expires_at)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [s.pid, s.image, s.width, s.height, s.createdAt, s.expiresAt],
  };
}

/** A constraint failed (a duplicate pid): one row's fault, not the database's. */
function isConstraintError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT');
}

function blobBytes(value: unknown): Uint8Array {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value instanceof Uint8Array) return value;
  throw new TypeError('expected a BLOB column');
}

export function createRepository(client: Client, now: () => number = Date.now): Repository {
  // Marks are counters written on every answer: concurrent ones share a transaction (one fsync).
  const writeMarks = groupCommit<MarkInput>(async (marks) => {
    const t = now();
    if (marks.length === 1) await client.execute(recordMarkStatement(marks[0] as MarkInput, t));
    else
      await client.batch(
        marks.map((mark) => recordMarkStatement(mark, t)),
        'write',
      );
  }, SERVER_LIMITS.markBatchMax);
  // Crops too (each with its first mark): a commit's fsync on the event loop took ~7 ms of every
  // POST /v1/stamp/parse; concurrent parses now share one. A batch is one transaction, and one
  // that fails on a constraint is written again item by item, so a crop and its mark are still
  // kept or not together, and one bad row fails only its own request.
  const writeSessions = groupCommit<SessionInput>(
    async (items) => {
      const statements = items.flatMap(({ session, firstMark }) =>
        firstMark === undefined
          ? [insertSessionStatement(session)]
          : [insertSessionStatement(session), recordMarkStatement(firstMark, now())],
      );
      if (statements.length === 1) await client.execute(statements[0] as InStatement);
      else await client.batch(statements, 'write');
    },
    SERVER_LIMITS.sessionBatchMax,
    { aloneOnFailure: isConstraintError },
  );
  return {
    recordMark: writeMarks,

    async addReport(text) {
      await client.execute({
        sql: 'INSERT INTO reports (text, created_at) VALUES (?, ?)',
        args: [text, now()],
      });
    },

    async getMark(mid) {
      const rs = await client.execute({
        sql: 'SELECT mid, kind, bytes, created_at, last_seen_at, hits FROM marks WHERE mid = ?',
        args: [mid],
      });
      const row = rs.rows[0];
      if (!row) return undefined;
      return markRow(row);
    },

    saveParseSession: (session, firstMark) => writeSessions({ session, firstMark }),

    async getParseSession(pid) {
      const rs = await client.execute({
        sql: `SELECT pid, image, width, height, created_at, expires_at FROM parse_sessions
              WHERE pid = ? AND expires_at > ?`,
        args: [pid, now()],
      });
      const row = rs.rows[0];
      if (!row) return undefined;
      return {
        pid: String(row.pid),
        image: blobBytes(row.image),
        width: Number(row.width),
        height: Number(row.height),
        createdAt: Number(row.created_at),
        expiresAt: Number(row.expires_at),
      };
    },

    async isParseSessionLive(pid) {
      const rs = await client.execute({
        sql: 'SELECT 1 FROM parse_sessions WHERE pid = ? AND expires_at > ?',
        args: [pid, now()],
      });
      return rs.rows.length > 0;
    },

    async deleteExpiredParseSessions() {
      const rs = await client.execute({
        sql: 'DELETE FROM parse_sessions WHERE expires_at <= ?',
        args: [now()],
      });
      return rs.rowsAffected;
    },

    async ping() {
      await client.execute('SELECT 1');
    },

    async listReports() {
      const rs = await client.execute('SELECT id, text, created_at FROM reports ORDER BY id');
      return rs.rows.map(reportRow);
    },
  };
}
