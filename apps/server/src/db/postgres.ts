import pg from 'pg';
import { describeDatabase } from '../config';
import { loadMigrations } from './migrate';
import { inTransaction, withConnection } from './pg-connection';
import { applyPgMigrations, PG_MIGRATIONS_DIR } from './pg-migrate';
import {
  type MarkInput,
  markRow,
  type ParseSession,
  type Repository,
  reportRow,
} from './repository';

/**
 * How long to wait for a connection (a new one, or one from a busy pool) before failing. The
 * client measures it, so it holds when the server is frozen or unreachable.
 */
const CONNECT_TIMEOUT_MS = 3_000;
/**
 * pg's client-side limit on a query: past it the query fails and its connection is thrown away
 * (pool.query and withConnection release it with the error), so a frozen server's connections
 * do not come back into use. PostgreSQL's statement_timeout cannot do this: it is enforced by
 * the server, which does nothing while stopped.
 */
const QUERY_TIMEOUT_MS = 4_000;
/** Idle connections beyond need are closed after this long. */
const IDLE_TIMEOUT_MS = 30_000;
/** PostgreSQL cancels a statement running longer (a live server with a slow query). */
const STATEMENT_TIMEOUT_MS = 4_000;

export interface PostgresOptions {
  readonly url: string;
  readonly poolMax: number;
  /** Errors of idle connections (the server restarted, the network dropped); they are replaced. */
  readonly onIdleError?: (err: Error) => void;
}

/**
 * Opens a pool on `url` and brings the schema up to date (under an advisory lock, so instances
 * starting together take turns). The caller ends the pool.
 */
export async function openPostgres(options: PostgresOptions): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    // A peer that vanished (a host gone, a cut network) is found by TCP keepalive.
    keepAlive: true,
    application_name: 'yinzhang',
  });
  // Without a listener an idle connection's error would crash the process.
  pool.on('error', (err) => options.onIdleError?.(err));
  try {
    await applyPgMigrations(pool, await loadMigrations(PG_MIGRATIONS_DIR));
  } catch (err) {
    await pool.end();
    const where = describeDatabase({ databaseUrl: options.url, dataDir: '' });
    throw new Error(`PostgreSQL at ${where}: ${err instanceof Error ? err.message : err}`, {
      cause: err,
    });
  }
  return pool;
}

const RECORD_MARK = `INSERT INTO marks (mid, kind, bytes, created_at, last_seen_at, hits)
  VALUES ($1, $2, $3, $4, $4, 1)
  ON CONFLICT (mid) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at, hits = marks.hits + 1`;

function markArgs({ mid, kind, bytes }: MarkInput, t: number): unknown[] {
  return [mid, kind, bytes, t];
}

/** pg answers BYTEA as a Buffer; callers get a plain view like the SQLite repository gives. */
function bytes(value: Buffer): Uint8Array {
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
}

interface SessionRow {
  pid: string;
  image: Buffer;
  width: number;
  height: number;
  // BIGINT comes back as a string (it may not fit a double).
  created_at: string;
  expires_at: string;
}

/** The Repository on PostgreSQL; every write resolves once committed. */
export function createPostgresRepository(pool: pg.Pool, now: () => number = Date.now): Repository {
  return {
    async recordMark(mark) {
      await pool.query(RECORD_MARK, markArgs(mark, now()));
    },

    async addReport(text) {
      await pool.query('INSERT INTO reports (text, created_at) VALUES ($1, $2)', [text, now()]);
    },

    async getMark(mid) {
      const rs = await pool.query(
        'SELECT mid, kind, bytes, created_at, last_seen_at, hits FROM marks WHERE mid = $1',
        [mid],
      );
      const row = rs.rows[0];
      if (!row) return undefined;
      return markRow(row);
    },

    async listReports() {
      const rs = await pool.query('SELECT id, text, created_at FROM reports ORDER BY id');
      return rs.rows.map(reportRow);
    },

    async saveParseSession(session: ParseSession, firstMark?: MarkInput) {
      const { pid, image, width, height, createdAt, expiresAt } = session;
      const insert = `INSERT INTO parse_sessions (pid, image, width, height, created_at, expires_at)
        VALUES ($1, $2, $3, $4, $5, $6)`;
      const crop = Buffer.from(image.buffer, image.byteOffset, image.byteLength);
      const all = [pid, crop, width, height, createdAt, expiresAt];
      if (firstMark === undefined) {
        await pool.query(insert, all);
        return;
      }
      await withConnection(pool, (client) =>
        inTransaction(client, async () => {
          await client.query(insert, all);
          await client.query(RECORD_MARK, markArgs(firstMark, now()));
        }),
      );
    },

    async getParseSession(pid) {
      const rs = await pool.query<SessionRow>(
        `SELECT pid, image, width, height, created_at, expires_at FROM parse_sessions
         WHERE pid = $1 AND expires_at > $2`,
        [pid, now()],
      );
      const row = rs.rows[0];
      if (!row) return undefined;
      return {
        pid: row.pid,
        image: bytes(row.image),
        width: Number(row.width),
        height: Number(row.height),
        createdAt: Number(row.created_at),
        expiresAt: Number(row.expires_at),
      };
    },

    async isParseSessionLive(pid) {
      const rs = await pool.query(
        'SELECT 1 FROM parse_sessions WHERE pid = $1 AND expires_at > $2',
        [pid, now()],
      );
      return rs.rows.length > 0;
    },

    async ping() {
      await pool.query('SELECT 1');
    },

    async deleteExpiredParseSessions() {
      const rs = await pool.query('DELETE FROM parse_sessions WHERE expires_at <= $1', [now()]);
      return rs.rowCount ?? 0;
    },
  };
}
