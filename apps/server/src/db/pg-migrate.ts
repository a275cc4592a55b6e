import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import type { Migration } from './migrate';
import { inTransaction, withConnection } from './pg-connection';

export const PG_MIGRATIONS_DIR = fileURLToPath(new URL('./pg-migrations', import.meta.url));

/**
 * The advisory lock every instance takes while migrating, so two starting at once run the
 * migrations one after the other (the second then finds nothing to do). Any fixed number works;
 * this one spells "yinz".
 */
export const MIGRATION_LOCK_KEY = 0x79696e7a;

/**
 * Applies every migration not yet recorded in schema_migrations, in order, each in its own
 * transaction together with its record, all under a session advisory lock. A failed migration or a
 * connection lost midway leaves nothing of that migration behind, and the lock dies with the
 * connection, so the next start carries on. Returns the versions applied now.
 */
export async function applyPgMigrations(
  pool: Pool,
  migrations: readonly Migration[],
): Promise<number[]> {
  return withConnection(pool, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version    INTEGER PRIMARY KEY,
           name       TEXT    NOT NULL,
           applied_at BIGINT  NOT NULL
         )`,
      );
      const done = await client.query('SELECT version FROM schema_migrations');
      const applied = new Set(done.rows.map((row) => Number(row.version)));
      const now: number[] = [];
      for (const m of migrations) {
        if (applied.has(m.version)) continue;
        await inTransaction(client, async () => {
          // No parameters: the simple protocol runs every statement of the file.
          await client.query(m.sql);
          await client.query(
            'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
            [m.version, m.name, Date.now()],
          );
        }).catch((err: unknown) => {
          throw new Error(`Migration ${m.name} failed`, { cause: err });
        });
        now.push(m.version);
      }
      return now;
    } finally {
      // On a dead connection this fails too, but the lock died with the session.
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  });
}
