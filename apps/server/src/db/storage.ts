import type { Client } from '@libsql/client';
import type { Config } from '../config';
import { SERVER_LIMITS } from '../limits';
import { boundedRepository } from './bounded';
import { openDatabase } from './client';
import { createPostgresRepository, openPostgres } from './postgres';
import { createRepository, type Repository } from './repository';

export type Backend = 'sqlite' | 'postgres';

/** The repository the routes use, on whichever database the config names, and how to close it. */
export interface Storage {
  readonly backend: Backend;
  readonly repo: Repository;
  close(): Promise<void>;
}

export interface StorageOptions {
  readonly now?: () => number;
  /** Opens the SQLite database (openDatabase by default). */
  readonly openSqlite?: (dataDir: string) => Promise<Client>;
  /** Called with errors of idle PostgreSQL connections (they are replaced, not fatal). */
  readonly onIdleError?: (err: Error) => void;
}

/**
 * PostgreSQL when `config.databaseUrl` is set, otherwise SQLite in `config.dataDir`; either way
 * with its migrations applied before this resolves.
 */
export async function openStorage(config: Config, options: StorageOptions = {}): Promise<Storage> {
  const now = options.now ?? Date.now;
  if (config.databaseUrl !== undefined) {
    const pool = await openPostgres({
      url: config.databaseUrl,
      poolMax: config.databasePoolMax,
      onIdleError: options.onIdleError,
    });
    return {
      backend: 'postgres',
      repo: boundedRepository(createPostgresRepository(pool, now), SERVER_LIMITS.storageTimeoutMs),
      close: () => pool.end(),
    };
  }
  const client = await (options.openSqlite ?? openDatabase)(config.dataDir);
  return {
    backend: 'sqlite',
    repo: boundedRepository(createRepository(client, now), SERVER_LIMITS.storageTimeoutMs),
    close: async () => client.close(),
  };
}
