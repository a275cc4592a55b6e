import type { Client } from '@libsql/client';

/** Where a mark came from: drawn by the server, or drawn in the browser and registered. */
export type MarkKind = 'create' | 'local';

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

/** The only module that writes SQL for the routes. */
export interface Repository {
  /** Inserts the mark, or counts one more sighting of it. */
  recordMark(mark: MarkInput): Promise<void>;
  /** Resolves once the row is committed (and, with synchronous=FULL, on disk). */
  addReport(text: string): Promise<void>;
  getMark(mid: string): Promise<MarkRow | undefined>;
  listReports(): Promise<ReportRow[]>;
}

export function createRepository(client: Client, now: () => number = Date.now): Repository {
  return {
    async recordMark({ mid, kind, bytes }) {
      const t = now();
      await client.execute({
        sql: `INSERT INTO marks (mid, kind, bytes, created_at, last_seen_at, hits)
              VALUES (?, ?, ?, ?, ?, 1)
              ON CONFLICT (mid) DO UPDATE SET last_seen_at = excluded.last_seen_at, hits = hits + 1`,
        args: [mid, kind, bytes, t, t],
      });
    },

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
      return {
        mid: String(row.mid),
        kind: String(row.kind) as MarkKind,
        bytes: Number(row.bytes),
        createdAt: Number(row.created_at),
        lastSeenAt: Number(row.last_seen_at),
        hits: Number(row.hits),
      };
    },

    async listReports() {
      const rs = await client.execute('SELECT id, text, created_at FROM reports ORDER BY id');
      return rs.rows.map((row) => ({
        id: Number(row.id),
        text: String(row.text),
        createdAt: Number(row.created_at),
      }));
    },
  };
}
