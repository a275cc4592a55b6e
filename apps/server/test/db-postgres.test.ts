import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadMigrations, MIGRATIONS_DIR } from '../src/db/migrate';
import { applyPgMigrations, MIGRATION_LOCK_KEY, PG_MIGRATIONS_DIR } from '../src/db/pg-migrate';
import { openPostgres } from '../src/db/postgres';
import { tempDir, testApp, testConfig } from './helpers';
import { createTestDatabase, testPool } from './pg-helpers';

/** Migration files written to a temp folder, `NNN_name.sql` → SQL. */
function migrationDir(files: Record<string, string>): string {
  const dir = path.join(tempDir(), 'm');
  mkdirSync(dir);
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

async function tables(pool: ReturnType<typeof testPool>): Promise<string[]> {
  const rs = await pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'
     ORDER BY table_name`,
  );
  return rs.rows.map((r) => r.table_name);
}

async function versions(pool: ReturnType<typeof testPool>): Promise<number[]> {
  const rs = await pool.query('SELECT version FROM schema_migrations ORDER BY version');
  return rs.rows.map((r) => Number(r.version));
}

describe('PostgreSQL migrations', () => {
  it('apply once: a second run is a no-op and keeps the data', async () => {
    const pool = testPool(await createTestDatabase());
    const migrations = await loadMigrations(PG_MIGRATIONS_DIR);
    expect(migrations.length).toBeGreaterThan(0);
    expect(await applyPgMigrations(pool, migrations)).toEqual(migrations.map((m) => m.version));
    await pool.query('INSERT INTO reports (text, created_at) VALUES ($1, $2)', ['kept', 1]);
    expect(await applyPgMigrations(pool, migrations)).toEqual([]);
    expect(await versions(pool)).toEqual(migrations.map((m) => m.version));
    expect((await pool.query('SELECT text FROM reports')).rows).toEqual([{ text: 'kept' }]);
  });

  it('two instances starting at once take turns under the advisory lock', async () => {
    const url = await createTestDatabase();
    const migrations = await loadMigrations(PG_MIGRATIONS_DIR);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => applyPgMigrations(testPool(url), migrations)),
    );
    // Exactly one run applied everything; the others found nothing to do (none failed).
    expect(runs.flat().sort()).toEqual(migrations.map((m) => m.version).sort());
    expect(runs.filter((r) => r.length > 0)).toHaveLength(1);
  });

  it('a failing migration leaves nothing of itself, and the next start applies the fixed one', async () => {
    const pool = testPool(await createTestDatabase());
    const ok = { '001_a.sql': 'CREATE TABLE a (x INTEGER);' };
    const bad = migrationDir({
      ...ok,
      '002_b.sql': 'CREATE TABLE b (x INTEGER);\nINSERT INTO nowhere VALUES (1);',
    });
    await expect(applyPgMigrations(pool, await loadMigrations(bad))).rejects.toThrow(/002_b\.sql/);
    expect(await tables(pool)).toEqual(['a', 'schema_migrations']);
    expect(await versions(pool)).toEqual([1]);

    const fixed = migrationDir({ ...ok, '002_b.sql': 'CREATE TABLE b (x INTEGER);' });
    expect(await applyPgMigrations(pool, await loadMigrations(fixed))).toEqual([2]);
    expect(await tables(pool)).toEqual(['a', 'b', 'schema_migrations']);
  });

  it('recovers from a start whose connection died in the middle of a migration', async () => {
    const url = await createTestDatabase();
    const watcher = testPool(url);
    const hanging = migrationDir({
      '001_a.sql': 'CREATE TABLE a (x INTEGER);',
      '002_b.sql': 'CREATE TABLE b (x INTEGER);\nSELECT pg_sleep(600);',
    });
    const dying = testPool(url);
    const run = applyPgMigrations(dying, await loadMigrations(hanging));
    const failed = expect(run).rejects.toThrow(/002_b\.sql/);
    // Wait for the migration to be inside 002, then kill its backend as a crash would.
    let pidRows: { pid: number }[] = [];
    while (pidRows.length === 0) {
      pidRows = (
        await watcher.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
           WHERE wait_event = 'PgSleep' AND query LIKE '%pg_sleep(600)%'`,
        )
      ).rows;
      if (pidRows.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    await watcher.query('SELECT pg_terminate_backend($1)', [pidRows[0]?.pid]);
    await failed;

    // The dead session's lock is gone with it, and so is its half of 002.
    const lock = await watcher.query(
      `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1`,
      [MIGRATION_LOCK_KEY],
    );
    expect(lock.rows).toEqual([]);
    expect(await tables(watcher)).toEqual(['a', 'schema_migrations']);
    const fixed = migrationDir({
      '001_a.sql': 'CREATE TABLE a (x INTEGER);',
      '002_b.sql': 'CREATE TABLE b (x INTEGER);',
    });
    expect(await applyPgMigrations(testPool(url), await loadMigrations(fixed))).toEqual([2]);
    expect(await versions(watcher)).toEqual([1, 2]);
  });

  it('make the same tables and columns as the SQLite migrations', async () => {
    const pool = testPool(await createTestDatabase());
    await applyPgMigrations(pool, await loadMigrations(PG_MIGRATIONS_DIR));
    const pgColumns = await pool.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    );
    const sqlite = createClient({ url: ':memory:' });
    try {
      for (const m of await loadMigrations(MIGRATIONS_DIR)) await sqlite.executeMultiple(m.sql);
      const liteColumns = await sqlite.execute(
        `SELECT m.name AS table_name, p.name AS column_name
         FROM sqlite_master m JOIN pragma_table_info(m.name) p
         WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY 1, 2`,
      );
      const pairs = (rows: Iterable<{ table_name: unknown; column_name: unknown }>) =>
        [...rows].map((r) => `${r.table_name}.${r.column_name}`).sort();
      const pgPairs = pairs(pgColumns.rows).filter((p) => !p.startsWith('schema_migrations.'));
      expect(pgPairs).toEqual(pairs(liteColumns.rows as never));
    } finally {
      sqlite.close();
    }
  });
});

describe('the app on PostgreSQL', () => {
  it('keeps reports in the database DATABASE_URL names and ends its pool on close', async () => {
    const url = await createTestDatabase();
    const app = await buildApp(testConfig({ DATABASE_URL: url }));
    const res = await app.inject({ method: 'POST', url: '/v1/report', payload: { text: '好用' } });
    expect(res.statusCode).toBe(204);
    const watcher = testPool(url);
    const connections = () =>
      watcher
        .query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE application_name = 'yinzhang' AND datname = current_database()`,
        )
        .then((rs) => rs.rows[0]?.n as number);
    expect(await connections()).toBeGreaterThan(0);
    await app.close();
    // A backend leaves pg_stat_activity a moment after its client hangs up: wait for it (bounded).
    let left = await connections();
    for (let i = 0; i < 100 && left > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      left = await connections();
    }
    expect(left).toBe(0);
    expect((await watcher.query('SELECT text FROM reports')).rows).toEqual([{ text: '好用' }]);
  });

  it('writes nothing to DATA_DIR when DATABASE_URL is set', async () => {
    const config = testConfig({ DATABASE_URL: await createTestDatabase() });
    await testApp(config);
    expect(existsSync(config.dataDir) ? readdirSync(config.dataDir) : []).toEqual([]);
  });

  it('refuses to start when PostgreSQL cannot be reached, without showing the password', async () => {
    const attempt = openPostgres({
      url: 'postgres://yz:s3cret-pw@127.0.0.1:1/yinzhang',
      poolMax: 1,
    });
    await expect(attempt).rejects.toThrow(
      /PostgreSQL at postgres:\/\/yz:\*\*\*@127\.0\.0\.1:1\/yinzhang/,
    );
    await expect(attempt).rejects.not.toThrow(/s3cret-pw/);
  });
});
