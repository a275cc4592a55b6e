import { extractSeal, parseClarityKey } from '@yinzhang/seal/extract';
import sharp from 'sharp';
import { markId } from '../../apps/server/src/content';
import { normaliseUpload } from '../../apps/server/src/extract/decode';
import { encodeInk } from '../../apps/server/src/extract/jobs';
import { probeUpload } from '../../apps/server/src/extract/probe';

/** One step of a parse, timed alone. */
export interface StepCost {
  readonly name: string;
  /** CPU ms per call (user + system, every thread of this process: libvips' included). */
  readonly cpuMs: number;
  readonly calls: number;
}

/** Each step runs at most this long. */
const STEP_SECONDS = 1.5;
const WARM_CALLS = 5;

async function cost(name: string, op: () => unknown): Promise<StepCost> {
  for (let i = 0; i < WARM_CALLS; i++) await op();
  const before = process.cpuUsage();
  const end = performance.now() + STEP_SECONDS * 1000;
  let calls = 0;
  while (performance.now() < end) {
    await op();
    calls++;
  }
  const used = process.cpuUsage(before);
  return { name, cpuMs: (used.user + used.system) / 1000 / calls, calls };
}

/**
 * Where a parse's CPU goes, step by step, on one thread and with sharp set as the extract
 * workers set it (one libvips thread, no cache): the header probe the route does, then what a
 * worker does (decode, extraction, the result PNG), then the mark id the route hashes. What the
 * server spends beyond their sum is HTTP, multipart, storage, hand-overs and garbage collection.
 */
export async function parseStepCosts(upload: Buffer, gray: string): Promise<StepCost[]> {
  const concurrency = sharp.concurrency();
  const cache = sharp.cache();
  sharp.concurrency(1);
  sharp.cache(false);
  try {
    const header = await probeUpload(upload);
    const crop = await normaliseUpload(upload, header);
    const options = parseClarityKey(gray);
    // Into one reused buffer, as the extract workers do (jobs.ts).
    const ink = extractSeal(crop.data, crop.width, crop.height, options);
    const png = await encodeInk(ink, crop.width, crop.height);
    return [
      await cost('probe (header, main thread)', () => probeUpload(upload)),
      await cost('decode to RGBA (worker)', () => normaliseUpload(upload, header)),
      await cost(`extractSeal ${gray} (worker)`, () =>
        extractSeal(crop.data, crop.width, crop.height, options, ink),
      ),
      await cost('result PNG (worker)', () => encodeInk(ink, crop.width, crop.height)),
      await cost('mark id: sha256 of the PNG (main thread)', () => markId(png)),
    ];
  } finally {
    sharp.concurrency(concurrency);
    sharp.cache({ memory: cache.memory.max, files: cache.files.max, items: cache.items.max });
  }
}
