import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { SERVER_LIMITS } from '../limits';
import { applyMigrations, loadMigrations } from './migrate';

export const DB_FILE_NAME = 'yinzhang.db';

export function databaseUrl(dataDir: string): string {
  return `file:${path.join(dataDir, DB_FILE_NAME)}`;
}

/**
 * Opens (creating when missing) the SQLite database in `dataDir` and brings its schema up to date.
 *
 * WARNING: synchronous and busy_timeout are per-connection settings, so the client is held to a
 * single connection; a pool would open later connections without them. Local libsql calls are
 * synchronous anyway, so more connections would not run anything in parallel.
 */
export async function openDatabase(dataDir: string): Promise<Client> {
  mkdirSync(dataDir, { recursive: true });
  const client = createClient({
    url: databaseUrl(dataDir),
    concurrency: 1,
    timeout: SERVER_LIMITS.dbBusyTimeoutMs,
    intMode: 'number',
  });
  try {
    await client.execute('PRAGMA journal_mode = WAL');
    // FULL: a commit is fsynced before it returns, so an answered report survives a crash.
    await client.execute('PRAGMA synchronous = FULL');
    await client.execute(`PRAGMA busy_timeout = ${SERVER_LIMITS.dbBusyTimeoutMs}`);
    await applyMigrations(client, await loadMigrations());
  } catch (err) {
    client.close();
    throw err;
  }
  return client;
}
