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
  signingKeyFromCryptoKey,
  signPdf,
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

/** The file opened ahead by `prepare`: its bytes and its opening, for the options given. */
let prepared: { key: string; bytes: Promise<ArrayBuffer>; opened: Promise<PdfUpdate> } | null =
  null;

/** The progress bar moves at most this often: each message re-renders it on the main thread. */
const PROGRESS_EVERY_MS = 100;

// Reading the file and making the result's Blob both copy the whole PDF: done here, they keep
// the page's main thread free (a 100 MB copy there is a long task) and its heap small.
scope.addEventListener('message', (event) => {
  const message = event.data;
  if (message.type === 'prepare') {
    const bytes = message.file.arrayBuffer();
    const opened = bytes.then((b) => openForUpdate(new Uint8Array(b), message.options));
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
