import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@libsql/client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** `NNN_what_it_does.sql`; the number orders the migrations and is recorded once applied. */
const MIGRATION_FILE = /^(\d+)_([a-z0-9_]+)\.sql$/;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const file of await readdir(dir)) {
    const match = MIGRATION_FILE.exec(file);
    if (!match?.[1]) {
      if (file.endsWith('.sql')) throw new Error(`Migration file name not NNN_name.sql: ${file}`);
      continue;
    }
    const version = Number(match[1]);
    const sql = await readFile(path.join(dir, file), 'utf8');
    migrations.push({ version, name: file, sql });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(`Two migrations share version ${migrations[i]?.version}`);
    }
  }
  return migrations;
}

/**
 * Applies every migration not yet recorded in schema_migrations, in order, each in its own
 * transaction together with its record, so a failed migration leaves nothing half done.
 * Returns the versions applied now (empty when the schema was already current).
 */
export async function applyMigrations(
  client: Client,
  migrations: readonly Migration[],
): Promise<number[]> {
  await client.execute(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version    INTEGER PRIMARY KEY,
       name       TEXT    NOT NULL,
       applied_at INTEGER NOT NULL
     )`,
  );
  const done = await client.execute('SELECT version FROM schema_migrations');
  const applied = new Set(done.rows.map((row) => Number(row.version)));
  const now: number[] = [];
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    const tx = await client.transaction('write');
    try {
      await tx.executeMultiple(m.sql);
      await tx.execute({
        sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
        args: [m.version, m.name, Date.now()],
      });
      await tx.commit();
    } catch (err) {
      throw new Error(`Migration ${m.name} failed`, { cause: err });
    } finally {
      tx.close();
    }
    now.push(m.version);
  }
  return now;
}
