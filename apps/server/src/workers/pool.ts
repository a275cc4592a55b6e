import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/**
 * The bounded pool of worker threads that does all decoding work, on piscina (issue 16: it
 * replaced 313 hand-written lines; bench/sections/pool.ts compares the two). This file only maps
 * piscina onto the answers the routes need: a full queue refuses at once (PoolBusyError), a job
 * past its time limit is aborted and its worker terminated (JobTimeoutError), a closed pool refuses
 * (PoolClosedError), a handler's error comes back with its code (WorkerJobError). Each worker has a
 * fixed V8 heap ceiling (resourceLimits); native memory is bounded by the byte budgets the jobs
 * check before decoding (see decode-budget.ts).
 *
 * The job module default-exports `jobHandler(handle)`.
 */

export interface WorkerPoolOptions {
  /** The job module (TypeScript is loaded through tsx; see ts-worker.mjs). */
  readonly entry: URL;
  /** Most workers running at once (the pool's slots). */
  readonly size: number;
  /** Most jobs waiting for a worker; one more is refused with PoolBusyError. */
  readonly maxQueue: number;
  /**
   * A job not answered this long after it was submitted (waiting included) is rejected with
   * JobTimeoutError, and its worker terminated if it had started: no request waits longer.
   */
  readonly jobTimeoutMs: number;
  /**
   * Whether a job past jobTimeoutMs is also stopped (default true): a waiting job leaves the
   * queue, a running one has its worker terminated, for work that could run away (decoding).
   * False for bounded work (a seal is milliseconds): the caller still gets JobTimeoutError at the
   * deadline, but the job finishes and its worker lives on. Terminating a worker that was only
   * slow (cold, on a busy machine) made its replacement start cold again, which timed out the
   * next jobs in turn: every create of a mixed `npm run load -- --bombs` run answered 503.
   * Even then a job still running at STUCK_FACTOR times the deadline is stopped: that is a worker
   * gone wrong, not a slow one, and it must not hold its slot for ever.
   */
  readonly stopOnTimeout?: boolean;
  /** V8 heap ceiling per worker (MB); a worker over it dies and its job fails. */
  readonly heapMaxMb?: number;
  /**
   * Give the worker's event loop a turn between jobs. Native addons free their buffers in
   * finalizers that run on that loop (setImmediate); by default piscina passes a busy worker its
   * next job directly, so under a steady queue they never ran (seal workers: +1 MB RSS a seal).
   */
  readonly turnBetweenJobs?: boolean;
  /** An idle worker exits after this long (IDLE_TIMEOUT_MS by default). */
  readonly idleTimeoutMs?: number;
  /** Thread name prefix (shows in diagnostics). */
  readonly name?: string;
}

/** With stopOnTimeout false, a job is stopped after this many times its deadline. */
export const STUCK_FACTOR = 6;

export interface PoolStats {
  readonly size: number;
  readonly workers: number;
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

interface SerializedError {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

/** Structured cloning drops an error's own properties (its code), so errors travel as data. */
type Reply<Res> =
  | { readonly ok: true; readonly result: Res }
  | { readonly ok: false; readonly error: SerializedError };

/**
 * Workers run at a lower CPU priority than the main thread (Linux nice, per thread, through
 * @napi-rs/nice; threads libvips starts inherit it): with every core decoding, the event loop
 * still gets the CPU first, so /healthz and cheap routes keep answering. On a machine of its own
 * this costs no throughput (idle CPU goes to the workers whatever their priority); +5 rather than
 * more because on a shared machine other tenants' work would otherwise starve the workers.
 */
const WORKER_NICE_INCREMENT = 5;

/** Default V8 heap per worker: the jobs hold a few MB of JavaScript objects at most. */
const DEFAULT_HEAP_MAX_MB = 96;
/**
 * An idle worker exits after this long. A worker keeps what libvips and its malloc arena held for
 * its largest decode until it exits (measured: +194 MB after 16 big JPEGs, +71 MB once idle
 * workers had exited), so memory comes back within 5 s of a burst. Long enough that a user's next
 * click (a new clarity key) finds the worker warm: a start costs ~300 ms of loading tsx and sharp.
 */
const IDLE_TIMEOUT_MS = 4_000;

const TS_WORKER = fileURLToPath(new URL('./ts-worker.mjs', import.meta.url));

export class WorkerPool<Req, Res> {
  readonly #options: WorkerPoolOptions;
  readonly #piscina: Piscina<Req, Reply<Res>>;
  #closed = false;
  /** Jobs submitted and not yet answered (running or waiting). */
  #inFlight = 0;
  /** Aborts every job in flight when the pool closes. */
  readonly #closing = new AbortController();

  constructor(options: WorkerPoolOptions) {
    if (!Number.isInteger(options.size) || options.size < 1) {
      throw new RangeError('pool size must be a positive integer');
    }
    if (!Number.isInteger(options.maxQueue) || options.maxQueue < 0) {
      throw new RangeError('maxQueue must be a non-negative integer');
    }
    this.#options = options;
    const heap = options.heapMaxMb ?? DEFAULT_HEAP_MAX_MB;
    this.#piscina = new Piscina({
      filename: TS_WORKER,
      workerData: { entry: options.entry.href },
      name: 'default',
      minThreads: 0,
      maxThreads: options.size,
      // Admission is decided in run() (slots + queue, counted exactly, starting workers included).
      maxQueue: Number.POSITIVE_INFINITY,
      idleTimeout: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
      niceIncrement: WORKER_NICE_INCREMENT,
      // piscina's default ('sync') hands a busy worker its next job without a turn of its event
      // loop; see `turnBetweenJobs`.
      ...(options.turnBetweenJobs === true ? { atomics: 'disabled' as const } : {}),
      resourceLimits: {
        maxOldGenerationSizeMb: heap,
        maxYoungGenerationSizeMb: Math.max(8, Math.round(heap / 8)),
      },
    });
    // A reply racing the abort of its job (the worker was being terminated) is reported as an
    // 'error' event; the job has been answered already, so there is nothing left to do.
    this.#piscina.on('error', () => {});
  }

  /**
   * Runs `job` on a worker; rejects at once with PoolBusyError when the queue is full. The
   * `transfer` buffers move to the worker instead of being copied (they are detached here once
   * the job is handed to a worker; a job refused or dropped before that leaves them intact).
   */
  async run(job: Req, transfer: readonly ArrayBuffer[] = []): Promise<Res> {
    if (this.#closed) throw new PoolClosedError('The worker pool is closed');
    if (this.#inFlight >= this.#options.size + this.#options.maxQueue) {
      throw new PoolBusyError(`All ${this.#options.size} workers are busy and the queue is full`);
    }
    this.#inFlight++;
    const timeout = AbortSignal.timeout(this.#options.jobTimeoutMs);
    const stop = this.#options.stopOnTimeout ?? true;
    // A signal of the job's own either way: piscina listens on it, and hundreds of jobs listening
    // on the pool's one closing signal trip Node's MaxListenersExceededWarning.
    const stuck = AbortSignal.timeout(this.#options.jobTimeoutMs * STUCK_FACTOR);
    const signal = AbortSignal.any([stop ? timeout : stuck, this.#closing.signal]);
    // Held until the job is done: AbortSignal.any holds its sources only weakly, and a timeout
    // signal that nothing holds is collected with its timer, so the job would never be stopped
    // (a stuck seal draw would keep its slot for good; pool.test.ts collects garbage to show it).
    const held: AbortSignal[] = [timeout, stuck];
    // The job holds its place in the admission count until piscina is done with it, even when
    // its caller was answered at the deadline before (stopOnTimeout false): the queue stays bounded.
    const running = this.#piscina.run(job, { signal, transferList: transferList(transfer) });
    const done = () => {
      this.#inFlight--;
      held.length = 0;
    };
    running.then(done, done);
    let reply: Reply<Res>;
    try {
      reply = stop ? await running : await untilAborted(running, timeout);
    } catch (err) {
      throw this.#mapFailure(err, timeout.aborted);
    }
    if (reply.ok) return reply.result;
    const { message, code, name } = reply.error;
    throw new WorkerJobError(message, code, name);
  }

  stats(): PoolStats {
    return {
      size: this.#options.size,
      workers: this.#piscina.threads.length,
      queued: Math.max(0, this.#inFlight - this.#options.size),
      completed: this.#piscina.completed,
    };
  }

  /** Refuses queued and running jobs with PoolClosedError and terminates every worker. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#closing.abort();
    await this.#piscina.destroy();
  }

  #mapFailure(err: unknown, timedOut: boolean): Error {
    if (this.#closed) {
      return new PoolClosedError('The worker pool closed before the job finished', { cause: err });
    }
    if (timedOut) {
      return new JobTimeoutError(`The job took longer than ${this.#options.jobTimeoutMs} ms`, {
        cause: err,
      });
    }
    return new Error('The worker running the job failed', { cause: err });
  }
}

type PiscinaTransferList = NonNullable<Parameters<Piscina['run']>[1]>['transferList'];

/**
 * piscina's TransferList type is inferred from MessagePort.postMessage's last overload (the
 * options object), but piscina itself requires an array at run time.
 */
function transferList(buffers: readonly ArrayBuffer[]): PiscinaTransferList {
  return [...buffers] as unknown as PiscinaTransferList;
}

/** `promise`, or a rejection as soon as `signal` aborts (the promise itself runs on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
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

export interface JobHandlerOptions {
  /**
   * Move a result that is a byte array owning its whole buffer to the pool's thread instead of
   * copying it (structured cloning copies; a transfer hands the memory over). The worker must not
   * touch the array afterwards.
   */
  readonly transferResult?: boolean;
}

/** A byte array that can be moved whole: it is the only view of its own buffer. */
function movableBuffer(value: unknown): ArrayBuffer | null {
  if (!(value instanceof Uint8Array)) return null;
  const { buffer } = value;
  if (!(buffer instanceof ArrayBuffer)) return null;
  return value.byteOffset === 0 && value.byteLength === buffer.byteLength ? buffer : null;
}

/**
 * In a job module: `export default jobHandler(handle)`. The pool gets `handle`'s result, or its
 * error (name, message and a string `code` if it has one, which WorkerJobError carries).
 */
export function jobHandler<Req, Res>(
  handle: (job: Req) => Res | Promise<Res>,
  options: JobHandlerOptions = {},
): (job: Req) => Promise<Reply<Res>> {
  return async (job) => {
    let reply: Reply<Res>;
    try {
      reply = { ok: true, result: await handle(job) };
    } catch (err) {
      return { ok: false, error: serializeError(err) };
    }
    const buffer = options.transferResult === true ? movableBuffer(reply.result) : null;
    if (buffer === null) return reply;
    // piscina moves what a Transferable names and posts its value; the pool side sees the reply.
    return Piscina.move({
      [Piscina.transferableSymbol]: [buffer],
      [Piscina.valueSymbol]: reply,
    } as unknown as ArrayBuffer) as unknown as Reply<Res>;
  };
}
