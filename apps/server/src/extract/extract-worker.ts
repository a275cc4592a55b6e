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

/**
 * Answers are copied to the main thread (structured clone), never transferred: once any
 * ArrayBuffer of a thread has been detached, V8 tests every typed-array access in that thread for
 * detachment, for good, which made extractSeal 5-11 % slower in its hot loops
 * (bench/extract-detach.ts). Copying an answer (the result PNG and the kept upload, ~100 KB) costs
 * far less. Nothing on this thread may transfer or detach a buffer.
 */
export default jobHandler<ExtractJob, ExtractJobResult>(runExtractJob);
