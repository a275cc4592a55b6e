/** Runs one export in a fresh PDF签章 worker; the worker ends with the job. */
import type { SignMessage, SignRequest } from './signJob';

export class SignError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'SignError';
    this.code = code;
  }
}

export function signPdfInWorker(
  request: SignRequest,
  onProgress: (fraction: number) => void,
): Promise<Uint8Array> {
  const worker = new Worker(new URL('./sign.worker.ts', import.meta.url), {
    type: 'module',
    name: 'pdf-sign',
  });
  return new Promise<Uint8Array>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<SignMessage>) => {
      const m = event.data;
      if (m.type === 'progress') {
        onProgress(m.fraction);
        return;
      }
      worker.terminate();
      if (m.type === 'done') resolve(new Uint8Array(m.bytes));
      else reject(new SignError(m.message, m.code));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new SignError(event.message || 'worker failed'));
    });
    const transfer = [request.bytes, ...Object.values(request.images)];
    worker.postMessage(request, { transfer });
  });
}
