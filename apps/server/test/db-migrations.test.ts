import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { databaseUrl, openDatabase } from '../src/db/client';
import { applyMigrations, loadMigrations } from '../src/db/migrate';
import { createRepository } from '../src/db/repository';
import { tempDir } from './helpers';

/**
 * A separate process that opens the SQLite database, runs `sql` inside a write transaction and
 * then waits, never committing: killed with SIGKILL once it says it is inside.
 */
async function dieInsideTransaction(dataDir: string, sql: string): Promise<void> {
  const libsql = import.meta.resolve('@libsql/client');
  const script = `
    const { createClient } = await import(${JSON.stringify(libsql)});
    const client = createClient({ url: ${JSON.stringify(databaseUrl(dataDir))} });
    await client.execute('PRAGMA journal_mode = WAL');
    const tx = await client.transaction('write');
    await tx.executeMultiple(${JSON.stringify(sql)});
    process.stdout.write('inside\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('inside')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before the kill`)));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

describe('SQLite migrations after a broken start', () => {
  it('a start killed inside a migration (after the first was applied) recovers on the next', async () => {
    const dataDir = tempDir();
    const migrations = await loadMigrations();
    const [first, second] = migrations;
    if (first === undefined || second === undefined) throw new Error('expected two migrations');

    // The first start got through 001 only...
    const early = createClient({ url: databaseUrl(dataDir), intMode: 'number' });
    expect(await applyMigrations(early, [first])).toEqual([first.version]);
    early.close();
    // ...and the second was killed halfway through 002.
    await dieInsideTransaction(dataDir, second.sql);

    const db = await openDatabase(dataDir);
    try {
      const versions = await db.execute('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version));
      const repo = createRepository(db, () => 1_000);
      const session = {
        pid: 'a'.repeat(32),
        image: new Uint8Array([1, 2, 3]),
        width: 1,
        height: 1,
        createdAt: 1_000,
        expiresAt: 2_000,
      };
      await repo.saveParseSession(session, { mid: 'b'.repeat(32), kind: 'extract', bytes: 3 });
      expect((await repo.getParseSession(session.pid))?.width).toBe(1);
    } finally {
      db.close();
    }
  });

  it('a failed migration is applied by the next start once fixed, and never twice', async () => {
    const dir = tempDir();
    const folder = (files: Record<string, string>, name: string) => {
      const d = path.join(dir, name);
      mkdirSync(d);
      for (const [file, sql] of Object.entries(files)) writeFileSync(path.join(d, file), sql);
      return d;
    };
    const ok = { '001_a.sql': 'CREATE TABLE a (x INTEGER);' };
    const bad = folder(
      { ...ok, '002_b.sql': 'CREATE TABLE b (x INTEGER);\nINSERT INTO nowhere VALUES (1);' },
      'bad',
    );
    const fixed = folder({ ...ok, '002_b.sql': 'CREATE TABLE b (x INTEGER);' }, 'fixed');
    const db = createClient({ url: `file:${path.join(dir, 'scratch.db')}`, intMode: 'number' });
    try {
      await expect(applyMigrations(db, await loadMigrations(bad))).rejects.toThrow(/002_b\.sql/);
      expect(await applyMigrations(db, await loadMigrations(fixed))).toEqual([2]);
      expect(await applyMigrations(db, await loadMigrations(fixed))).toEqual([]);
      const tables = await db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
      );
      expect(tables.rows.map((r) => r.name)).toEqual(['a', 'b', 'schema_migrations']);
    } finally {
      db.close();
    }
  });
});
