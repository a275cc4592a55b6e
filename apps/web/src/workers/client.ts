/**
 * The page's side of the PDF worker: one request per job, answers matched by id, progress passed
 * on. Works over anything shaped like a Worker, so it is tested with a fake.
 */
import type { Progress } from '@yinzhang/pdf';
import type { JobAnswers, JobMessage, JobRequest, PdfJob } from './protocol';

export interface WorkerLike {
  postMessage(message: JobRequest, options: { transfer: Transferable[] }): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<JobMessage>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** The worker refused a job: `code` is the engine's error code when it gave one. */
export class JobError extends Error {
  readonly code: string | undefined;
  /** Which of the job's inputs failed, when the worker knows (an unreadable image). */
  readonly index: number | undefined;
  constructor(message: string, code?: string, index?: number) {
    super(message);
    this.name = 'JobError';
    this.code = code;
    this.index = index;
  }
}

export type OnProgress = (progress: Progress) => void;

interface Pending {
  resolve(answer: JobAnswers[keyof JobAnswers]): void;
  reject(error: Error): void;
  onProgress: OnProgress | undefined;
}

export interface JobClient {
  run<K extends PdfJob['kind']>(
    job: Extract<PdfJob, { kind: K }>,
    onProgress?: OnProgress,
  ): Promise<JobAnswers[K]>;
  /** True once the worker died; the owner should start a new one. */
  readonly broken: boolean;
  dispose(): void;
}

/** The ArrayBuffers a job carries, handed over to the worker rather than copied. */
export function transferablesOf(job: PdfJob): ArrayBuffer[] {
  switch (job.kind) {
    case 'inspect':
    case 'findText':
    case 'viewCopy':
      return [job.bytes];
    case 'merge':
      return job.files.map((f) => f.bytes);
    case 'images':
      return [...job.images];
  }
}

export function createJobClient(worker: WorkerLike): JobClient {
  let nextId = 1;
  let broken = false;
  const pending = new Map<number, Pending>();

  worker.addEventListener('message', (event) => {
    const message = event.data;
    const job = pending.get(message.id);
    if (!job) return;
    if (message.type === 'progress') {
      job.onProgress?.(message.progress);
      return;
    }
    pending.delete(message.id);
    if (message.type === 'done') job.resolve(message.answer);
    else job.reject(new JobError(message.message, message.code, message.index));
  });

  // A worker that fails to load or runs out of memory: every job in flight fails.
  worker.addEventListener('error', () => {
    broken = true;
    for (const job of pending.values()) {
      job.reject(new JobError('The PDF worker stopped', 'WORKER_STOPPED'));
    }
    pending.clear();
  });

  return {
    run(job, onProgress) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, {
          resolve: resolve as Pending['resolve'],
          reject,
          onProgress,
        });
        worker.postMessage({ ...job, id }, { transfer: transferablesOf(job) });
      });
    },
    get broken() {
      return broken;
    },
    dispose() {
      worker.terminate();
      for (const job of pending.values()) job.reject(new JobError('The PDF worker was stopped'));
      pending.clear();
    },
  };
}
