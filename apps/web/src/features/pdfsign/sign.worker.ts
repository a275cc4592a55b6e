/**
 * The PDF签章 worker: places everything in one update, then (数字签名) signs the PDF with @yinzhang/pdf off the main thread
 * (see signJob.ts). The document and the key stay in this browser.
 */
import { placeAll, readP12, signingKeyFromCryptoKey, signPdf } from '@yinzhang/pdf';
import { postTimestamp } from '../digsig/tsa';
import {
  runSignJob,
  type SignatureStep,
  type SignEngine,
  type SignMessage,
  type SignWorkerRequest,
} from './signJob';

const scope = self as unknown as {
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<SignWorkerRequest>) => void,
  ): void;
  postMessage(message: SignMessage): void;
};

// The engine's placements carry branded units; the plan's are the same numbers, unbranded.
const engine: SignEngine = {
  placeAll: placeAll as unknown as SignEngine['placeAll'],
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

// Reading the file and making the result's Blob both copy the whole PDF: done here, they keep
// the page's main thread free (a 100 MB copy there is a long task) and its heap small.
scope.addEventListener('message', (event) => {
  const { file, signature, ...rest } = event.data;
  let lastPercent = -1;
  const warnings: string[] = [];
  Promise.all([file.arrayBuffer(), withP12Bytes(signature)])
    .then(([bytes, step]) =>
      runSignJob(
        { ...rest, bytes, signature: step },
        engine,
        (fraction) => {
          // One message per percent: the engine reports every page, and each message re-renders
          // the progress bar on the main thread.
          const percent = Math.floor(fraction * 100);
          if (percent === lastPercent) return;
          lastPercent = percent;
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
