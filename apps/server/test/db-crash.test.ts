import { describe, expect, it } from 'vitest';
import { openStorage } from '../src/db/storage';
import { testConfig } from './helpers';
import { createTestDatabase } from './pg-helpers';
import { type ServerProcess, startServerProcess } from './server-process';

/** Reports sent in all; the server is killed long before the last of them. */
const TOTAL = 2_000;
const CONCURRENCY = 48;
/** Answered reports after which the server is killed, with CONCURRENCY more in flight. */
const KILL_AFTER = 150;

/**
 * Sends TOTAL distinct reports, CONCURRENCY at a time, and SIGKILLs the server once KILL_AFTER
 * have been answered. Returns the texts answered 204 and how many requests got no answer.
 */
async function reportUntilKilled(server: ServerProcess) {
  const answered: string[] = [];
  let unanswered = 0;
  let next = 0;
  let killed: Promise<unknown> | undefined;
  const sender = async () => {
    while (next < TOTAL) {
      const text = `report ${next++} 反馈`;
      try {
        const res = await fetch(`${server.url}/v1/report`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text }),
        });
        await res.arrayBuffer();
        if (res.status === 204) answered.push(text);
        else throw new Error(`unexpected ${res.status} before the kill`);
      } catch (err) {
        if (killed === undefined) throw err;
        unanswered++;
      }
      if (answered.length >= KILL_AFTER && killed === undefined) {
        killed = server.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
  await killed;
  return { answered, unanswered };
}

const BACKENDS = [
  { backend: 'sqlite', env: async (): Promise<Record<string, string>> => ({}) },
  { backend: 'postgres', env: async () => ({ DATABASE_URL: await createTestDatabase() }) },
] as const;

describe.each(BACKENDS)('kill -9 while reports are written ($backend)', ({ backend, env }) => {
  it('every report answered 204 is in the database after a restart', async () => {
    const config = testConfig(await env());
    const serverEnv = {
      DATA_DIR: config.dataDir,
      // One connection: writes queue up behind each other, so many are in flight at the kill.
      DATABASE_POOL_MAX: '1',
      ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
    };
    const first = await startServerProcess(serverEnv);
    const { answered, unanswered } = await reportUntilKilled(first);
    expect(await first.exited).toBeNull();
    // The kill really cut requests short, and many had been answered before it.
    expect(unanswered).toBeGreaterThan(0);
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // A restart on the same data recovers it and carries on.
    const second = await startServerProcess(serverEnv);
    const after = await fetch(`${second.url}/v1/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'after the restart' }),
    });
    expect(after.status).toBe(204);
    expect(await second.kill('SIGTERM')).toBe(0);

    const storage = await openStorage(config);
    try {
      expect(storage.backend).toBe(backend);
      const stored = new Set((await storage.repo.listReports()).map((r) => r.text));
      const lost = answered.filter((text) => !stored.has(text));
      expect(lost).toEqual([]);
      expect(stored.has('after the restart')).toBe(true);
    } finally {
      await storage.close();
    }
  }, 90_000);
});
