import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Sends SIGTERM and waits for the process to exit; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** Starts apps/server on a free port serving the built web app, and waits for /healthz. */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'yz-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not answer /healthz within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** A page that records every request whose origin is not the app's own. */
export async function openPage(
  browser: Browser,
  url: string,
  contextOptions: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; foreignRequests: string[] }> {
  // The app's service worker (offline.e2e.ts allows it) would precache ~17 MB in every fresh
  // context and answer requests page.route() is meant to see; other flows test the page itself.
  const context = await browser.newContext({
    acceptDownloads: true,
    serviceWorkers: 'block',
    ...contextOptions,
  });
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const foreignRequests: string[] = [];
  page.on('request', (request) => {
    const u = request.url();
    if (u.startsWith('data:') || u.startsWith('blob:')) return;
    if (new URL(u).origin !== origin) foreignRequests.push(u);
  });
  await page.goto(url);
  return { context, page, foreignRequests };
}

/** axe-core's serious and critical findings on the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, which the page's CSP does not govern.
  const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  await page.evaluate(readFileSync(axePath, 'utf8'));
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact?: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: () => Promise<Result> } }).axe;
    const results = await axe.run();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

export interface App {
  /** Replaceable: a test may stop it and start another on the same data folder. */
  server: RunningServer;
  browser: Browser;
}

/**
 * One server (temporary DATA_DIR, free port) and one Chromium for the test file, started before its
 * tests and stopped after them. Read the fields inside tests, not at the top of the file.
 */
export function useApp(): App {
  const app = {} as App;
  beforeAll(async () => {
    [app.server, app.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
    if (app.server) removeDir(app.server.dataDir);
  });
  return app;
}
