/**
 * Runs one export in a PDF签章 worker. A spare worker is started when the tab opens and warms its
 * engine code up on a small document with the stamps the user may place (their images encoded
 * too) while the user picks a file; once the file's first page is shown it opens and scans the
 * document ahead, so 编辑完成 only draws and saves (issue 16: the browser's 批量签章 near the CLI's
 * time). Work started with the file instead slowed its first page: pdf.js and this worker then
 * share the two cores. After a job on a file it could open ahead, the worker stays as the next
 * spare (its code is optimised by then); after a larger file's or a failed job it ends, and its
 * memory goes with it.
 */
import {
  type OpenOptions,
  openKey,
  type SignMessage,
  type SignWorkerMessage,
  type SignWorkerRequest,
} from './signJob';

export class SignError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'SignError';
    this.code = code;
  }
}

/**
 * Files up to this size are opened ahead. Opening holds the parsed document in the worker for as
 * long as the file is open; a large scan is few objects (quick to open) but many bytes to hold.
 */
export const OPEN_AHEAD_MAX_BYTES = 32 * 2 ** 20;

interface Spare {
  worker: Worker;
  /** The file it serves; null: started with the tab, no file yet (it takes the first one). */
  file: Blob | null;
  /** openKey of the options the file is being opened with; null: not opened ahead. */
  key: string | null;
}

let spare: Spare | null = null;
/** The images last given to warmExport: every new spare encodes them ahead too. */
let warmImages: Record<string, ArrayBuffer> | null = null;

function startWorker(): Worker {
  return new Worker(new URL('./sign.worker.ts', import.meta.url), {
    type: 'module',
    name: 'pdf-sign',
  });
}

/** A spare for `file`: a new worker, or one whose job on that file is done. */
function startSpare(file: Blob | null, worker = startWorker()): Spare {
  // A spare that failed to start is not used: the export starts a worker of its own.
  worker.addEventListener('error', () => {
    if (spare?.worker === worker) discardPreparedExport();
  });
  return { worker, file, key: null };
}

/**
 * The stamps the user may place, by id. The spare worker warms up with them (its engine code
 * run once, their images encoded ahead); without a spare, one is started for the file to come.
 * Call when the tab opens and whenever those stamps change.
 */
export function warmExport(images: Record<string, ArrayBuffer>): void {
  // Where there are no workers (the unit tests' DOM) there is no head start to give.
  if (typeof Worker === 'undefined') return;
  warmImages = images;
  spare ??= startSpare(null);
  post(spare.worker, { type: 'warm', images });
}

function post(worker: Worker, message: SignWorkerMessage, transfer: Transferable[] = []): void {
  worker.postMessage(message, { transfer });
}

/**
 * Gets the next export of `file` ready: a worker with the engine loaded and, given `options`
 * (once stamps are on the file), opening the file with them (again, if they changed).
 */
export function prepareExport(file: Blob, options?: OpenOptions): void {
  // The tab's spare takes the first file; the spare of another file ends (its opening holds
  // that file's memory).
  if (spare?.file === null) spare.file = file;
  else if (spare && spare.file !== file) discardPreparedExport();
  const started = !spare;
  spare ??= startSpare(file);
  const key = options ? openKey(options) : null;
  if (options && key !== null && file.size <= OPEN_AHEAD_MAX_BYTES && spare.key !== key) {
    spare.key = key;
    post(spare.worker, { type: 'prepare', file, options });
  }
  // After the opening, which the worker does first: it is needed, the warm-up only helps.
  if (started) post(spare.worker, { type: 'warm', images: warmImages ?? {} });
}

/** Lets the spare worker go (the file was closed or replaced). */
export function discardPreparedExport(): void {
  spare?.worker.terminate();
  spare = null;
}

/** Resolves with the signed PDF as a Blob, ready to download; `onWarnings` hears the signature's warnings. */
export function signPdfInWorker(
  request: SignWorkerRequest,
  onProgress: (fraction: number) => void,
  onNotice: (notice: Extract<SignMessage, { type: 'notice' }>) => void = () => {},
  onWarnings: (warnings: string[]) => void = () => {},
): Promise<Blob> {
  // The spare serves this file only: what it opened ahead is this file's.
  if (spare && spare.file !== null && spare.file !== request.file) discardPreparedExport();
  const worker = spare?.worker ?? startWorker();
  spare = null;
  const job = new AbortController();
  const { signal } = job;
  return new Promise<Blob>((resolve, reject) => {
    worker.addEventListener(
      'message',
      (event: MessageEvent<SignMessage>) => {
        const m = event.data;
        if (m.type === 'progress') {
          onProgress(m.fraction);
          return;
        }
        if (m.type === 'notice') {
          onNotice(m);
          return;
        }
        job.abort();
        if (m.type === 'done' && !spare && request.file.size <= OPEN_AHEAD_MAX_BYTES) {
          spare = startSpare(request.file, worker);
        } else worker.terminate();
        if (m.type === 'done') {
          onWarnings(m.warnings);
          resolve(m.blob);
        } else reject(new SignError(m.message, m.code));
      },
      { signal },
    );
    worker.addEventListener(
      'error',
      (event) => {
        job.abort();
        worker.terminate();
        reject(new SignError(event.message || 'worker failed'));
      },
      { signal },
    );
    post(worker, { type: 'export', request }, Object.values(request.images));
  });
}
