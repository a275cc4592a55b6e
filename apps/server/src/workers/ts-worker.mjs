// The module every pool worker thread loads (piscina imports it and calls its default export).
// Node 20 does not apply `--import tsx` to a worker's entry (nodejs/node#47747), and Vitest does
// not use tsx at all, so the TypeScript job module named in workerData is loaded through tsx's
// scoped API: the same under `npm start`, under Vitest and in the benchmark.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const entry = workerData?.entry;
if (typeof entry !== 'string') throw new Error('ts-worker: workerData.entry is required');
const module = entry.endsWith('.ts') ? await tsImport(entry, import.meta.url) : await import(entry);

export default module.default;
