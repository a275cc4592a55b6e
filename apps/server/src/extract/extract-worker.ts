/**
 * Entry of an extract worker thread (see pool.ts): answers ExtractJobs with runExtractJob.
 * sharp is also loaded by the main thread (probe.ts) before any worker starts, as sharp advises
 * for worker threads, so its shared libraries stay loaded when a worker exits.
 */
import sharp from 'sharp';
import { jobHandler } from '../workers/pool';
import { type ExtractJob, type ExtractJobResult, runExtractJob } from './jobs';

// libvips' operation cache would keep decoded uploads around; none is ever asked for twice.
sharp.cache(false);
// One libvips thread per job: the pool's slots are the parallelism, and each slot's memory stays
// one pipeline's worth (sharp's default is a thread per core for every job).
sharp.concurrency(1);

export default jobHandler<ExtractJob, ExtractJobResult>(runExtractJob);
