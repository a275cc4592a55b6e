/**
 * Entry of an extract worker thread (see pool.ts): answers ExtractJobs with runExtractJob.
 * sharp is also loaded by the main thread (probe.ts) before any worker starts, as sharp advises
 * for worker threads, so its shared libraries stay loaded when a worker exits.
 */
import sharp from 'sharp';
import { serveJobs } from '../workers/pool';
import { type ExtractJob, type ExtractJobResult, runExtractJob } from './jobs';

// libvips' operation cache would keep decoded uploads around; none is ever asked for twice.
sharp.cache(false);

serveJobs<ExtractJob, ExtractJobResult>(runExtractJob);
