/**
 * Whether dist/ is older than the code it is built from. Only meaningful inside the repository
 * (the published package ships dist/ without sources): the bin asks before every run there, so an
 * edit to any workspace source is picked up without a manual build. A few hundred stat calls.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Relative to packages/cli: every folder and file whose change can change the bundle. */
export const SOURCE_ROOTS = [
  'src',
  '../seal/src',
  '../pdf/src',
  'package.json',
  '../seal/package.json',
  '../pdf/package.json',
  '../../package-lock.json',
  'scripts/build.mjs',
  'scripts/lazy-libs.mjs',
];

function newest(path) {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** True when dist/main.js is missing or any source is newer than it. */
export function isStale(cliDir) {
  let built;
  try {
    built = statSync(join(cliDir, 'dist', 'main.js')).mtimeMs;
  } catch {
    return true;
  }
  return SOURCE_ROOTS.some((root) => newest(join(cliDir, root)) > built);
}
