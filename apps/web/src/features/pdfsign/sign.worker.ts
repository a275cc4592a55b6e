/** The PDF签章 worker: stamps the PDF with @yinzhang/pdf off the main thread (see signJob.ts). */
import { pagingSeal, stampPdf } from '@yinzhang/pdf';
import { runSignJob, type SignEngine, type SignMessage, type SignRequest } from './signJob';

const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<SignRequest>) => void): void;
  postMessage(message: SignMessage, options?: { transfer: Transferable[] }): void;
};

// The engine's placements carry branded units; the plan's are the same numbers, unbranded.
const engine: SignEngine = {
  stampPdf: stampPdf as unknown as SignEngine['stampPdf'],
  pagingSeal: pagingSeal as unknown as SignEngine['pagingSeal'],
};

scope.addEventListener('message', (event) => {
  runSignJob(event.data, engine, (fraction) => scope.postMessage({ type: 'progress', fraction }))
    .then((out) => {
      const bytes = out.slice().buffer as ArrayBuffer;
      scope.postMessage({ type: 'done', bytes }, { transfer: [bytes] });
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
