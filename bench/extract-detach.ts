/**
 * What a detached ArrayBuffer anywhere in a thread costs extractSeal in that thread. V8 skips the
 * "was this buffer detached?" test on every typed-array access while no ArrayBuffer of the isolate
 * has ever been detached (its ArrayBuffer-detaching protector); one detach (a postMessage or
 * structuredClone transfer list, piscina's move(), a buffer posted to a closed port) turns the
 * test on for good, in every loop of every later call. Two worker threads, one that detached an
 * 8-byte buffer at start and one that did not, extract the same photos (the `extract` section's,
 * one per synthetic class, and the server bench's sealPhotoJpeg 512x512 decoded by sharp),
 * alternating call by call; each call's time is the worker's wall time, one worker running at a
 * time, so on a loaded machine read the ratio.
 *
 *   node --import tsx bench/extract-detach.ts [key=0-auto-0] [rounds=40]
 */
import { Worker } from 'node:worker_threads';
import { SYNTH_CLASSES } from '../packages/seal/test/synth/classes';
import { extractBenchPhotos } from './lib/extract-photos';

const key = process.argv[2] ?? '0-auto-0';
const rounds = Number(process.argv[3] ?? 40);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: node --import tsx bench/extract-detach.ts [key] [rounds >= 1]');
  process.exit(2);
}

const photos = await extractBenchPhotos();

// Node 20 applies no `--import tsx` to a worker's entry: the worker boots through tsx's API.
const boot = new URL('./lib/extract-detach-boot.mjs', import.meta.url);
// Copied, not transferred, into the workers: a clone detaches nothing.
const start = (detach: boolean) =>
  new Worker(boot, { workerData: { detach, key, photos: photos.map((p) => ({ ...p })) } });
const reply = (w: Worker) => new Promise<unknown>((resolve) => w.once('message', resolve));
const call = async (w: Worker, i: number): Promise<number> => {
  const answer = reply(w);
  w.postMessage(i);
  return (await answer) as number;
};
const valid = start(false);
const detached = start(true);
await Promise.all([reply(valid), reply(detached)]);
try {
  for (let r = 0; r < 10; r++) {
    for (let i = 0; i < photos.length; i++) {
      await call(valid, i);
      await call(detached, i);
    }
  }
  const times = photos.map(() => ({ valid: [] as number[], detached: [] as number[] }));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < photos.length; i++) {
      const t = times[i] as { valid: number[]; detached: number[] };
      if ((r + i) % 2 === 0) {
        t.valid.push(await call(valid, i));
        t.detached.push(await call(detached, i));
      } else {
        t.detached.push(await call(detached, i));
        t.valid.push(await call(valid, i));
      }
    }
  }
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1] as number;
  console.log(`extractSeal ${key}, ${photos.length} photos x ${rounds} rounds, ms per call`);
  console.log('photo              | no buffer detached | one detached | ratio');
  const row = (name: string, v: number[], d: number[]) =>
    console.log(
      `${name.padEnd(18)} | ${median(v).toFixed(2).padStart(18)} | ${median(d).toFixed(2).padStart(12)} | ${(median(d) / median(v)).toFixed(2)}x`,
    );
  times.forEach((t, i) => {
    row((photos[i] as { name: string }).name, t.valid, t.detached);
  });
  const classes = times.slice(0, SYNTH_CLASSES.length);
  row(
    'synthetic classes',
    classes.flatMap((t) => t.valid),
    classes.flatMap((t) => t.detached),
  );
} finally {
  await valid.terminate();
  await detached.terminate();
}
