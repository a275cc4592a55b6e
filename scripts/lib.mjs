// Small helpers shared by the start, dev and e2e scripts (plain Node, no dependencies).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDist = path.join(root, 'apps/web/dist');
export const serverEntry = path.join(root, 'apps/server/src/server.ts');

/** Newest modification time of the given files and of any file under the given folders. */
function newestMtime(paths) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const p of paths) {
    if (!existsSync(p)) continue;
    if (statSync(p).isDirectory()) walk(p);
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the web app when its output is missing or older than its sources. */
export function buildWebIfNeeded({ force = false } = {}) {
  const index = path.join(webDist, 'index.html');
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'apps/web/plugins',
    'packages/seal/src',
    'packages/pdf/src',
  ].map((p) => path.join(root, p));
  const fresh = existsSync(index) && statSync(index).mtimeMs >= newestMtime(sources);
  if (fresh && !force) return;
  console.log('Building the web app (apps/web/dist)...');
  const started = Date.now();
  // Vite's own output lists every file of the build (hundreds of lines); warnings and errors
  // still show.
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web build failed.');
    process.exit(result.status ?? 1);
  }
  console.log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * The address a person should open, from the server's JSON "ready" log line (its `url`), with a
 * wildcard host turned into the loopback address; null for any other line.
 */
export function readyUrl(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return null;
  }
  if (entry?.msg !== 'Yinzhang is ready' || typeof entry.url !== 'string') return null;
  return entry.url.replace(/^http:\/\/(0\.0\.0\.0|\[::\])(?=:)/, 'http://127.0.0.1');
}

/**
 * Runs the API server (TypeScript through tsx) and forwards termination signals to it. With
 * `announce`, its log lines pass through as they are (JSON, for machines) and, once it listens,
 * one plain line says what to open.
 */
export function runServer(env = {}, { announce = false } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: root,
    stdio: ['inherit', announce ? 'pipe' : 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (announce && child.stdout) {
    let announced = false;
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      process.stdout.write(`${line}\n`);
      const url = announced ? null : readyUrl(line);
      if (url) {
        announced = true;
        process.stdout.write(`open ${url}\n`);
      }
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  return child;
}
