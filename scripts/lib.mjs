// Small helpers shared by the start, dev and e2e scripts (plain Node, no dependencies).
import { spawnSync } from 'node:child_process';
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
