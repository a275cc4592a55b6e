import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/**
 * A small bounded pool of worker threads running one TypeScript module, one job per worker at a
 * time. Workers start on demand (none until the first job), idle ones do not keep the process
 * alive, a full queue refuses at once, and a job over its time limit has its worker terminated.
 * The worker module calls `serveJobs(handler)`.
 */

export interface WorkerPoolOptions {
  /** The worker module (TypeScript is started through tsx). */
  readonly entry: URL;
  /** Most workers running at once. */
  readonly size: number;
  /** Most jobs waiting for a worker; one more is refused with PoolBusyError. */
  readonly maxQueue: number;
  /** A job running longer is rejected with JobTimeoutError and its worker terminated. */
  readonly jobTimeoutMs: number;
  /** A worker not ready this long after it was started is treated the same way. */
  readonly startTimeoutMs?: number;
  /** Thread name prefix (shows in diagnostics). */
  readonly name?: string;
}

export interface PoolStats {
  readonly size: number;
  readonly workers: number;
  readonly busy: number;
  readonly queued: number;
  /** Jobs answered by a worker (successfully or with the handler's error). */
  readonly completed: number;
}

/** The queue is full: try again later. */
export class PoolBusyError extends Error {
  override readonly name = 'PoolBusyError';
}

/** The job ran past the pool's time limit; its worker was terminated. */
export class JobTimeoutError extends Error {
  override readonly name = 'JobTimeoutError';
}

/** The pool was closed before the job could run or finish. */
export class PoolClosedError extends Error {
  override readonly name = 'PoolClosedError';
}

/** The job's handler threw inside its worker: its error's name, code and message. */
export class WorkerJobError extends Error {
  override readonly name = 'WorkerJobError';
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly workerErrorName: string,
  ) {
    super(message);
  }
}

interface JobMessage<Req> {
  readonly id: number;
  readonly job: Req;
}

interface SerializedError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

type ReplyMessage<Res> =
  | { readonly id: number; readonly ok: true; readonly result: Res }
  | { readonly id: number; readonly ok: false; readonly error: SerializedError };

/** Sent once by a worker when its module has loaded and it takes jobs. */
interface ReadyMessage {
  readonly ready: true;
}

/** Starting a worker loads tsx, sharp and the extraction code: normally well under a second. */
const DEFAULT_START_TIMEOUT_MS = 30_000;

interface Pending<Req, Res> {
  readonly job: Req;
  readonly resolve: (result: Res) => void;
  readonly reject: (error: Error) => void;
}

interface Running<Req, Res> extends Pending<Req, Res> {
  readonly id: number;
  timer: NodeJS.Timeout;
}

interface Slot<Req, Res> {
  readonly worker: Worker;
  /** The worker's module has loaded (starting one takes hundreds of ms under tsx). */
  ready: boolean;
  job: Running<Req, Res> | undefined;
}

/**
 * Node 20 does not apply `--import tsx` to a worker's own entry module (nodejs/node#47747), so a
 * TypeScript worker starts from a one-line ES module that loads it through tsx's scoped API. This
 * works the same under `node --import tsx` and under Vitest (which does not use tsx at all).
 */
function workerUrl(entry: URL): URL {
  if (!entry.pathname.endsWith('.ts')) return entry;
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source =
    `import { tsImport } from ${JSON.stringify(tsxApi)};\n` +
    `await tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

export class WorkerPool<Req, Res> {
  readonly #options: WorkerPoolOptions;
  readonly #url: URL;
  #slots: Slot<Req, Res>[] = [];
  #queue: Pending<Req, Res>[] = [];
  #nextId = 1;
  #completed = 0;
  #closed = false;

  constructor(options: WorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) {
      throw new RangeError('pool size must be a positive integer');
    }
    if (!Number.isInteger(options.maxQueue) || options.maxQueue < 0) {
      throw new RangeError('maxQueue must be a non-negative integer');
    }
    this.#options = options;
    this.#url = workerUrl(options.entry);
  }

  /** Runs `job` on a worker; rejects at once with PoolBusyError when the queue is full. */
  run(job: Req): Promise<Res> {
    if (this.#closed) return Promise.reject(new PoolClosedError('The worker pool is closed'));
    return new Promise<Res>((resolve, reject) => {
      const pending: Pending<Req, Res> = { job, resolve, reject };
      const slot = this.#freeSlot();
      if (slot !== undefined) this.#start(slot, pending);
      else if (this.#queue.length < this.#options.maxQueue) this.#queue.push(pending);
      else
        reject(
          new PoolBusyError(`All ${this.#options.size} workers are busy and the queue is full`),
        );
    });
  }

  stats(): PoolStats {
    return {
      size: this.#options.size,
      workers: this.#slots.length,
      busy: this.#slots.filter((s) => s.job !== undefined).length,
      queued: this.#queue.length,
      completed: this.#completed,
    };
  }

  /** Refuses queued and running jobs with PoolClosedError and terminates every worker. */
  async close(): Promise<void> {
    this.#closed = true;
    const closed = () => new PoolClosedError('The worker pool closed before the job finished');
    for (const pending of this.#queue.splice(0)) pending.reject(closed());
    const slots = this.#slots;
    this.#slots = [];
    for (const slot of slots) {
      const running = slot.job;
      slot.job = undefined;
      if (running !== undefined) {
        clearTimeout(running.timer);
        running.reject(closed());
      }
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  /** An idle worker, or a new one while the pool is below its size. */
  #freeSlot(): Slot<Req, Res> | undefined {
    const idle = this.#slots.find((s) => s.job === undefined);
    if (idle !== undefined) return idle;
    if (this.#slots.length >= this.#options.size) return undefined;
    const worker = new Worker(this.#url, {
      name: `${this.#options.name ?? 'pool'}-${this.#nextId}`,
    });
    const slot: Slot<Req, Res> = { worker, ready: false, job: undefined };
    worker.on('message', (message: ReplyMessage<Res> | ReadyMessage | null) => {
      if (typeof message !== 'object' || message === null) return;
      if ('ready' in message) this.#onReady(slot);
      else this.#onReply(slot, message);
    });
    worker.on('error', (err: Error) => this.#onWorkerLost(slot, err));
    worker.on('exit', (code: number) =>
      this.#onWorkerLost(slot, new Error(`worker exited with code ${code}`)),
    );
    this.#slots.push(slot);
    return slot;
  }

  #start(slot: Slot<Req, Res>, pending: Pending<Req, Res>): void {
    const id = this.#nextId++;
    const limit = slot.ready
      ? this.#options.jobTimeoutMs
      : (this.#options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
    const timer = setTimeout(() => this.#onTimeout(slot), limit);
    slot.job = { ...pending, id, timer };
    slot.worker.ref();
    const message: JobMessage<Req> = { id, job: pending.job };
    slot.worker.postMessage(message);
  }

  /**
   * The time limit is for the job, not the worker's start: a job sent to a starting worker gets
   * its limit once the worker is ready (the start has a limit of its own).
   */
  #onReady(slot: Slot<Req, Res>): void {
    slot.ready = true;
    const running = slot.job;
    if (running === undefined) return;
    clearTimeout(running.timer);
    running.timer = setTimeout(() => this.#onTimeout(slot), this.#options.jobTimeoutMs);
  }

  #onReply(slot: Slot<Req, Res>, reply: ReplyMessage<Res>): void {
    const running = slot.job;
    if (running === undefined || running.id !== reply.id) return;
    clearTimeout(running.timer);
    slot.job = undefined;
    this.#completed++;
    if (reply.ok) running.resolve(reply.result);
    else {
      const { message, code, name } = reply.error;
      running.reject(new WorkerJobError(message, code, name));
    }
    const next = this.#queue.shift();
    if (next !== undefined) this.#start(slot, next);
    else slot.worker.unref();
  }

  /** The worker died (an uncaught error, or it exited): fail its job, replace it for the queue. */
  #onWorkerLost(slot: Slot<Req, Res>, err: Error): void {
    if (!this.#remove(slot)) return;
    const running = slot.job;
    slot.job = undefined;
    if (running !== undefined) {
      clearTimeout(running.timer);
      running.reject(new Error('The worker running the job failed', { cause: err }));
    }
    this.#drain();
  }

  #onTimeout(slot: Slot<Req, Res>): void {
    const running = slot.job;
    if (running === undefined || !this.#remove(slot)) return;
    slot.job = undefined;
    running.reject(
      new JobTimeoutError(
        slot.ready
          ? `The job took longer than ${this.#options.jobTimeoutMs} ms`
          : 'The worker did not start in time',
      ),
    );
    // A busy worker cannot be interrupted any other way; the queue moves to fresh workers.
    void slot.worker.terminate();
    this.#drain();
  }

  #remove(slot: Slot<Req, Res>): boolean {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return false;
    this.#slots.splice(index, 1);
    return true;
  }

  #drain(): void {
    while (!this.#closed && this.#queue.length > 0) {
      const slot = this.#freeSlot();
      if (slot === undefined) return;
      this.#start(slot, this.#queue.shift() as Pending<Req, Res>);
    }
  }
}

function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const code = (err as { code?: unknown }).code;
  return {
    name: err.name,
    message: err.message,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/**
 * In a worker module: answers every job the pool sends with `handle`'s result, or with its error
 * (name, message and a string `code` if it has one, which the pool's WorkerJobError carries).
 */
export function serveJobs<Req, Res>(handle: (job: Req) => Res | Promise<Res>): void {
  const port = parentPort;
  if (isMainThread || port === null) throw new Error('serveJobs runs in a worker thread');
  port.on('message', async ({ id, job }: JobMessage<Req>) => {
    let reply: ReplyMessage<Res>;
    try {
      reply = { id, ok: true, result: await handle(job) };
    } catch (err) {
      reply = { id, ok: false, error: serializeError(err) };
    }
    port.postMessage(reply);
  });
  const ready: ReadyMessage = { ready: true };
  port.postMessage(ready);
}
