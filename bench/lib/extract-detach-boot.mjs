// The worker of bench/extract-detach.ts: Node 20 applies no `--import tsx` to a worker's entry
// (nodejs/node#47747), so the TypeScript is loaded through tsx's scoped API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./extract-detach-worker.ts', import.meta.url);
