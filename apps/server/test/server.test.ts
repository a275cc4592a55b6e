import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { multipartBody, openDbForTest, tempDir } from './helpers';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 15_000;

interface Running {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts `node --import tsx src/server.ts` on a free port; resolves once it logs its URL. */
function startServer(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /"url":"(http:[^"]+)"/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ url, child, exit });
      }
    });
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting:\n${output}`));
    });
  });
}

async function postReport(url: string, text: string): Promise<number> {
  const res = await fetch(`${url}/v1/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  return res.status;
}

async function reportTexts(dataDir: string): Promise<unknown[]> {
  const rows = await openDbForTest(dataDir).execute('SELECT text FROM reports ORDER BY id');
  return rows.rows.map((r) => r.text);
}

/** Sends the first half of a multipart upload and holds the rest until `finish` is called. */
function startSlowUpload(url: string) {
  const png = PNG.sync.write(new PNG({ width: 8, height: 8 }));
  const { payload, headers } = multipartBody([{ field: 'file', filename: 'a.png', data: png }]);
  const half = Math.floor(payload.length / 2);
  let status: Promise<number> = Promise.resolve(0);
  const req = http.request(`${url}/v1/file/mark`, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(payload.length) },
  });
  status = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  req.write(payload.subarray(0, half));
  return {
    status,
    finish: () => req.end(payload.subarray(half)),
    abort: () => req.destroy(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Long enough for the server to have read the request headers, even on a busy machine. */
const SETTLE_MS = 500;

describe('server.ts as a process', () => {
  it('stops with 0 on SIGTERM and keeps reports across a restart', async () => {
    const dataDir = tempDir();
    const first = await startServer(dataDir);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(await postReport(first.url, '重启后还在')).toBe(204);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);

    const second = await startServer(dataDir);
    expect(await postReport(second.url, 'second')).toBe(204);
    expect(await reportTexts(dataDir)).toEqual(['重启后还在', 'second']);
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  });

  it('keeps a report answered 204 even when killed right after (SIGKILL)', async () => {
    const dataDir = tempDir();
    const server = await startServer(dataDir);
    expect(await postReport(server.url, 'kill -9')).toBe(204);
    server.child.kill('SIGKILL');
    await server.exit;
    expect(await reportTexts(dataDir)).toEqual(['kill -9']);
  });

  it('finishes a request in flight before exiting on SIGTERM', async () => {
    const server = await startServer(tempDir());
    const upload = startSlowUpload(server.url);
    await sleep(SETTLE_MS);
    server.child.kill('SIGTERM');
    await sleep(SETTLE_MS);
    expect(server.child.exitCode).toBeNull();
    upload.finish();
    expect(await upload.status).toBe(200);
    expect(await server.exit).toBe(0);
  });

  it('a second signal exits at once without waiting for requests in flight', async () => {
    const server = await startServer(tempDir());
    const upload = startSlowUpload(server.url);
    upload.status.catch(() => undefined);
    await sleep(SETTLE_MS);
    server.child.kill('SIGTERM');
    await sleep(SETTLE_MS);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(1);
    upload.abort();
  });

  it('refuses to start with a malformed setting, saying which', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: tempDir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  });
});
