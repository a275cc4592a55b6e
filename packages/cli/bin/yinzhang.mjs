#!/usr/bin/env node
// The command line runs as built JavaScript from dist/ (esbuild bundle, scripts/build.mjs): no
// TypeScript compiler at run time, and each command loads only its own chunk.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// V8's code cache on disk (Node 22.1+): later runs skip compiling the bundle.
module.enableCompileCache?.();

const cli = new URL('..', import.meta.url);
// Inside the repository (the published package has no scripts/): rebuild when a source changed,
// so `npx yinzhang` always runs the code as it is now, without a manual build.
if (existsSync(new URL('scripts/build.mjs', cli))) {
  const { isStale } = await import('../scripts/stale.mjs');
  if (isStale(fileURLToPath(cli))) {
    const { build } = await import('../scripts/build.mjs');
    await build();
  }
}
await import('../dist/main.js');
