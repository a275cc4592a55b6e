import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerHandle } from './types';

/** The server as its start script runs it (tsx registered in its main thread only; see there). */
const SERVER_ENTRY = fileURLToPath(new URL('../../apps/server/src/start.mjs', import.meta.url));
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 20_000;
const POLL_MS = 100;
/** High enough that the rate limit never answers during a run. */
const UNLIMITED = String(Number.MAX_SAFE_INTEGER);

export interface RunningServer extends ServerHandle {
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`server did not answer /healthz in time:\n${output()}`);
}

/**
 * Starts apps/server in its own process (the load generator must not share its event loop),
 * on a free loopback port with a temporary DATA_DIR and no rate limit.
 */
export async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yinzhang-bench-'));
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: path.dirname(SERVER_ENTRY),
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: UNLIMITED,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilUp(url, child, () => stderr);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
