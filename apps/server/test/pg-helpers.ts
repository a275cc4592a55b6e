import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, inject } from 'vitest';

const drops: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const drop of drops.splice(0).reverse()) await drop();
});

/** The admin URL from the global setup; throws (failing the test) when there is no PostgreSQL. */
export function pgAdminUrl(): string {
  const url = inject('pgAdminUrl');
  if (!url) throw new Error(`PostgreSQL is needed by this test. ${inject('pgSetupError')}`);
  return url;
}

/** `url` naming database `name` instead. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, empty database, dropped after the test (connections still open are cut). */
export async function createTestDatabase(): Promise<string> {
  const admin = pgAdminUrl();
  const name = `yz_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  drops.push(() => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return withDatabase(admin, name);
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A small pool on `url`, ended after the test. */
export function testPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // A database dropped under an idle connection must not crash the test run.
  pool.on('error', () => {});
  drops.push(() => pool.end());
  return pool;
}
