// Small helpers shared by the start, dev and e2e scripts (plain Node, no dependencies).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
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
  const result = spawnSync('npm', ['run', 'build', '-w', '@yinzhang/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web build failed.');
    process.exit(result.status ?? 1);
  }
}

/** Runs the API server (TypeScript through tsx) and forwards termination signals to it. */
export function runServer(env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  return child;
}
