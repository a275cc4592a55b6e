/**
 * The tests run the built command line (bin/yinzhang.mjs imports dist/main.js). Build it once here
 * when a source is newer, rather than in each of the many processes the tests start at once.
 */
import { resolve } from 'node:path';

export default async function setup(): Promise<void> {
  const cli = resolve(import.meta.dirname, '..');
  // @ts-expect-error: plain JavaScript build scripts, without type declarations
  const { isStale } = await import('../scripts/stale.mjs');
  if (!isStale(cli)) return;
  // @ts-expect-error: as above
  const { build } = await import('../scripts/build.mjs');
  await build();
}
