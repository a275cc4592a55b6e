/**
 * Entry of an extract worker thread (see pool.ts): answers ExtractJobs with runExtractJob.
 * sharp is also loaded by the main thread (probe.ts) before any worker starts, as sharp advises
 * for worker threads, so its shared libraries stay loaded when a worker exits.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import sharp from 'sharp';
import { jobHandler } from '../workers/pool';
import { type ExtractJob, type ExtractJobResult, runExtractJob } from './jobs';
import { movableBuffers } from './transfer';

// libvips' operation cache would keep decoded uploads around; none is ever asked for twice.
sharp.cache(false);
// One libvips thread per job: the pool's slots are the parallelism, and each slot's memory stays
// one pipeline's worth (sharp's default is a thread per core for every job).
sharp.concurrency(1);

const handle = jobHandler<ExtractJob, ExtractJobResult>(runExtractJob);

/**
 * Answers are moved, not copied: a parse answer holds ~260 KB (the result PNG and the stored
 * crop), and structured cloning it cost ~0.3 ms of CPU per answer against ~0.005 ms to transfer.
 */
export default async function extractJob(job: ExtractJob): Promise<unknown> {
  const reply = await handle(job);
  if (!reply.ok) return reply;
  const transfer = movableBuffers(reply.result);
  if (transfer.length === 0) return reply;
  return move({ [transferableSymbol]: transfer, [valueSymbol]: reply });
}
