// Starts the server from its TypeScript sources with tsx registered in this thread only, as the
// repository's `npm start` does (scripts/start.mjs), not with `node --import tsx src/server.ts`.
// Why: worker threads inherit the process's `--import`, and a worker that registers tsx's loader
// detaches an ArrayBuffer while doing so; from then on V8 tests every typed-array access in that
// thread for detachment, which made seal extraction in the extract workers ~9 % slower
// (bench/extract-detach.ts). The pool workers load their TypeScript through tsx's scoped API
// themselves (workers/ts-worker.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./server.ts');
