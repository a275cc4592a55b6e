/**
 * The PDF签章 worker: places everything in one update, then (数字签名) signs the PDF with @yinzhang/pdf off the main thread
 * (see signJob.ts). The document and the key stay in this browser. The page starts it while the
 * user places stamps (signPdf.ts): it opens the document then, so 编辑完成 only draws and saves.
 */
import {
  openForUpdate,
  type PdfUpdate,
  placeAll,
  placeAllOn,
  readP12,
  scanPagesAhead,
  signingKeyFromCryptoKey,
  signPdf,
  warmUp,
} from '@yinzhang/pdf';
import { postTimestamp } from '../digsig/tsa';
import { bytesInterner } from './interner';
import {
  openKey,
  runSignJob,
  type SignatureStep,
  type SignEngine,
  type SignMessage,
  type SignWorkerMessage,
} from './signJob';

const scope = self as unknown as {
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<SignWorkerMessage>) => void,
  ): void;
  postMessage(message: SignMessage): void;
};

type PlaceAllOptions = Parameters<typeof placeAll>[1];

/** The stamp images of this worker's earlier jobs (see interner.ts). */
const seenImage = bytesInterner(16);

function withSeenImages(options: PlaceAllOptions): PlaceAllOptions {
  const images: Record<string, Uint8Array> = {};
  for (const [id, bytes] of Object.entries(options.images)) images[id] = seenImage(bytes);
  return { ...options, images };
}

// The engine's placements carry branded units; the plan's are the same numbers, unbranded.
const engine: SignEngine = {
  // An opening that failed is done again on the job's own bytes, so that its error is the job's.
  placeAll: ((bytes: Uint8Array, given: PlaceAllOptions, opened?: Promise<PdfUpdate>) => {
    const options = withSeenImages(given);
    return opened
      ? opened.then(
          (update) => placeAllOn(update, options),
          () => placeAll(bytes, options),
        )
      : placeAll(bytes, options);
  }) as unknown as SignEngine['placeAll'],
  readP12,
  signingKeyFromCryptoKey,
  signPdf: signPdf as unknown as SignEngine['signPdf'],
  postTimestamp,
};

/** The signature step with a picked .p12 read here (the page passes the file by reference). */
async function withP12Bytes(
  step: SignatureStep<Blob> | undefined,
): Promise<SignatureStep | undefined> {
  if (!step) return undefined;
  if (step.key.kind === 'cryptoKey') return { ...step, key: step.key };
  return { ...step, key: { ...step.key, p12: await step.key.p12.arrayBuffer() } };
}

/** Image arrays a warm-up has encoded; null until the first warm-up has run the code. */
let warmed: WeakSet<Uint8Array> | null = null;
/** Warm-ups run one after another; an export does not wait for them. */
let warming: Promise<void> = Promise.resolve();

/** The file opened ahead by `prepare`: its bytes and its opening, for the options given. */
let prepared: { key: string; bytes: Promise<ArrayBuffer>; opened: Promise<PdfUpdate> } | null =
  null;

/**
 * Runs the engine on a small document with the images the user may place (see warmUp), those not
 * warmed yet: its code is compiled and the images encoded before 编辑完成. A failure (a bad
 * image) only means no head start: the export reports it.
 */
function warm(given: Record<string, ArrayBuffer>): void {
  const images: Record<string, Uint8Array> = {};
  for (const [id, buffer] of Object.entries(given)) {
    const bytes = seenImage(new Uint8Array(buffer));
    if (!warmed?.has(bytes)) images[id] = bytes;
  }
  if (warmed && Object.keys(images).length === 0) return;
  warmed ??= new WeakSet();
  const done = warmed;
  // After the file being opened ahead, if any: the export needs that, the warm-up only helps.
  const opening = prepared?.opened.catch(() => {});
  warming = warming
    .then(() => opening)
    .then(() => warmUp(images))
    .then(() => {
      for (const bytes of Object.values(images)) done.add(bytes);
    })
    .catch(() => {});
}

/** The progress bar moves at most this often: each message re-renders it on the main thread. */
const PROGRESS_EVERY_MS = 100;

// Reading the file and making the result's Blob both copy the whole PDF: done here, they keep
// the page's main thread free (a 100 MB copy there is a long task) and its heap small.
scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'warm') {
    warm(message.images);
    return;
  }
  if (message.type === 'prepare') {
    const bytes = message.file.arrayBuffer();
    const opened = bytes
      .then((b) => openForUpdate(new Uint8Array(b), message.options))
      .then((update) => {
        // Each page's content read and scanned now, while the user places stamps; a failure
        // here is only a missed head start (the drawing scans the page itself).
        try {
          scanPagesAhead(update);
        } catch {}
        return update;
      });
    // A failed opening is only a missed head start: the job opens the file again.
    opened.catch(() => {});
    prepared = { key: openKey(message.options), bytes, opened };
    return;
  }
  const { file, signature, ...rest } = message.request;
  // An opening serves one job (the job changes the document); only one made the same way.
  const ahead = prepared?.key === openKey(rest) ? prepared : null;
  prepared = null;
  let lastPost = -Infinity;
  const warnings: string[] = [];
  Promise.all([ahead ? ahead.bytes : file.arrayBuffer(), withP12Bytes(signature)])
    .then(([bytes, step]) =>
      runSignJob(
        { ...rest, bytes, signature: step, opened: ahead?.opened },
        engine,
        (fraction) => {
          const now = performance.now();
          if (fraction < 1 && now - lastPost < PROGRESS_EVERY_MS) return;
          lastPost = now;
          scope.postMessage({ type: 'progress', fraction });
        },
        (notice) =>
          scope.postMessage({ type: 'notice', code: notice.code, signatures: notice.signatures }),
        (warning) => warnings.push(warning),
      ),
    )
    .then((out) => {
      const blob = new Blob([out as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
      scope.postMessage({ type: 'done', blob, warnings });
    })
    .catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      scope.postMessage({
        type: 'failed',
        code: typeof code === 'string' ? code : undefined,
        message: error instanceof Error ? error.message : String(error),
      });
    });
});
