import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DB_FILE_NAME, openDatabase } from '../src/db/client';
import { applyMigrations, loadMigrations } from '../src/db/migrate';
import { createRepository } from '../src/db/repository';
import { openDbForTest, tempDir, testApp, testConfig } from './helpers';

/** The real openDatabase, keeping every client it opens so a test can look at them. */
function recordingOpen() {
  const opened: Client[] = [];
  const open = async (dataDir: string) => {
    const db = await openDatabase(dataDir);
    opened.push(db);
    return db;
  };
  return { opened, open };
}

describe('database', () => {
  it('creates a missing DATA_DIR and the database file in it', async () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    await testApp(testConfig({ DATA_DIR: dataDir }));
    expect(existsSync(path.join(dataDir, DB_FILE_NAME))).toBe(true);
  });

  it('uses WAL and synchronous=FULL on its connection', async () => {
    const db = await openDatabase(tempDir());
    try {
      expect((await db.execute('PRAGMA journal_mode')).rows[0]?.[0]).toBe('wal');
      // 2 = FULL
      expect((await db.execute('PRAGMA synchronous')).rows[0]?.[0]).toBe(2);
      // Still so after a write: the client must not have moved to a fresh connection.
      await createRepository(db).addReport('x');
      expect((await db.execute('PRAGMA synchronous')).rows[0]?.[0]).toBe(2);
    } finally {
      db.close();
    }
  });

  it('applies migrations once: building twice on the same DATA_DIR changes nothing', async () => {
    const config = testConfig();
    const first = await buildApp(config);
    await first.inject({ method: 'POST', url: '/v1/report', payload: { text: 'kept' } });
    await first.close();
    await testApp(config);

    const db = openDbForTest(config.dataDir);
    const migrations = await loadMigrations();
    const recorded = await db.execute(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(recorded.rows.map((r) => [r.version, r.name])).toEqual(
      migrations.map((m) => [m.version, m.name]),
    );
    expect((await db.execute('SELECT text FROM reports')).rows.map((r) => r.text)).toEqual([
      'kept',
    ]);
  });

  it('applyMigrations reports what it applied, then nothing', async () => {
    const db = await openDatabase(tempDir());
    try {
      expect(await applyMigrations(db, await loadMigrations())).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('rolls a failing migration back entirely and records nothing for it', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'm'));
    writeFileSync(path.join(dir, 'm', '001_ok.sql'), 'CREATE TABLE a (x INTEGER);');
    writeFileSync(
      path.join(dir, 'm', '002_bad.sql'),
      'CREATE TABLE b (x INTEGER);\nINSERT INTO nowhere VALUES (1);',
    );
    const db = createClient({ url: `file:${path.join(dir, 'scratch.db')}`, intMode: 'number' });
    try {
      await expect(applyMigrations(db, await loadMigrations(path.join(dir, 'm')))).rejects.toThrow(
        /002_bad\.sql/,
      );
      const tables = await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
      const names = tables.rows.map((r) => r.name);
      expect(names).toContain('a');
      expect(names).not.toContain('b');
      const versions = await db.execute('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.rows.map((r) => r.version)).toEqual([1]);
    } finally {
      db.close();
    }
  });

  it('rejects a migration file with a bad name', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'init.sql'), 'SELECT 1;');
    await expect(loadMigrations(dir)).rejects.toThrow(/init\.sql/);
  });

  it('closing the app closes the database it opened', async () => {
    const { opened, open } = recordingOpen();
    const app = await buildApp(testConfig(), {
      openDatabase: open,
    });
    const res = await app.inject({ method: 'POST', url: '/v1/report', payload: { text: 'x' } });
    expect(res.statusCode).toBe(204);
    expect(opened).toHaveLength(1);
    expect(opened[0]?.closed).toBe(false);
    await app.close();
    expect(opened[0]?.closed).toBe(true);
  });

  it('a start that fails closes the database it opened', async () => {
    const { opened, open } = recordingOpen();
    const notADirectory = path.join(tempDir(), 'index.html');
    writeFileSync(notADirectory, '');
    await expect(
      buildApp(testConfig({ WEB_DIST: notADirectory }), {
        openDatabase: open,
      }),
    ).rejects.toThrow();
    expect(opened).toHaveLength(1);
    expect(opened[0]?.closed).toBe(true);
  });

  it('leaves a database it was given open', async () => {
    const db = await openDatabase(tempDir());
    try {
      const app = await buildApp(testConfig(), { db });
      await app.close();
      expect(db.closed).toBe(false);
      expect((await db.execute('SELECT 1 AS one')).rows[0]?.one).toBe(1);
    } finally {
      db.close();
    }
  });
});
