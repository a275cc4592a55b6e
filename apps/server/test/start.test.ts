/**
 * `npm start` leaves no orphan (issue 20): killing the wrapper with SIGKILL, whether npm itself or
 * the node process it runs, frees the port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) {
    if (child.pid !== undefined) {
      try {
        // The whole group: a failed test must not leave a server behind.
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }
});

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

async function start(
  command: string,
  args: string[],
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    // Its own process group, so the test can clean up everything it started.
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(REPO_ROOT, 'node_modules', '.cache', `start-test-${port}`),
      WEB_DIST: path.join(REPO_ROOT, 'no-web-dist-for-server-tests'),
    },
  });
  started.push(child);
  const up = await until(async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
    } catch {
      return false;
    }
  }, 60_000);
  if (!up) throw new Error(`${command} ${args.join(' ')} did not start`);
  return { child, port };
}

describe('npm start', () => {
  it.each([
    ['node scripts/start.mjs', process.execPath, ['scripts/start.mjs']],
    ['npm start', 'npm', ['start', '--silent']],
  ])(
    'SIGKILL of %s frees the port: no orphan server',
    async (_name, command, args) => {
      const { child, port } = await start(command, args);
      expect(await portFree(port)).toBe(false);
      child.kill('SIGKILL');
      expect(await until(() => portFree(port), 15_000)).toBe(true);
    },
    90_000,
  );
});
