/** One worker of bench/extract-detach.ts: extracts photo i per message, answers its wall time. */
import { parentPort, workerData } from 'node:worker_threads';
import { extractSeal, parseClarityKey } from '../../packages/seal/src/extract';

interface Photo {
  rgba: Uint8Array;
  width: number;
  height: number;
}
const { detach, key, photos } = workerData as { detach: boolean; key: string; photos: Photo[] };
if (detach) {
  // One transfer detaches a buffer: V8 then tests every typed-array access for detachment.
  const buffer = new ArrayBuffer(8);
  structuredClone(buffer, { transfer: [buffer] });
}
const options = parseClarityKey(key);
const port = parentPort;
if (port === null) throw new Error('extract-detach-worker runs in a worker thread');
port.on('message', (i: number) => {
  const p = photos[i] as Photo;
  const t = performance.now();
  extractSeal(p.rgba, p.width, p.height, options);
  port.postMessage(performance.now() - t);
});
port.postMessage('ready');
