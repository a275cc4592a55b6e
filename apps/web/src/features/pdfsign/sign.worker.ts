/** The PDF签章 worker: stamps the PDF with @yinzhang/pdf off the main thread (see signJob.ts). */
import { pagingSeal, stampPdf } from '@yinzhang/pdf';
import { runSignJob, type SignEngine, type SignMessage, type SignWorkerRequest } from './signJob';

const scope = self as unknown as {
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<SignWorkerRequest>) => void,
  ): void;
  postMessage(message: SignMessage): void;
};

// The engine's placements carry branded units; the plan's are the same numbers, unbranded.
const engine: SignEngine = {
  stampPdf: stampPdf as unknown as SignEngine['stampPdf'],
  pagingSeal: pagingSeal as unknown as SignEngine['pagingSeal'],
};

// Reading the file and making the result's Blob both copy the whole PDF: done here, they keep
// the page's main thread free (a 100 MB copy there is a long task) and its heap small.
scope.addEventListener('message', (event) => {
  const { file, ...rest } = event.data;
  let lastPercent = -1;
  file
    .arrayBuffer()
    .then((bytes) =>
      runSignJob(
        { ...rest, bytes },
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
      ),
    )
    .then((out) => {
      const blob = new Blob([out as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
      scope.postMessage({ type: 'done', blob });
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
