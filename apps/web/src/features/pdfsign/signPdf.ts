/** Runs one export in a fresh PDF签章 worker; the worker ends with the job. */
import type { SignMessage, SignWorkerRequest } from './signJob';

export class SignError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'SignError';
    this.code = code;
  }
}

/** Resolves with the signed PDF as a Blob, ready to download; `onWarnings` hears the signature's warnings. */
export function signPdfInWorker(
  request: SignWorkerRequest,
  onProgress: (fraction: number) => void,
  onNotice: (notice: Extract<SignMessage, { type: 'notice' }>) => void = () => {},
  onWarnings: (warnings: string[]) => void = () => {},
): Promise<Blob> {
  const worker = new Worker(new URL('./sign.worker.ts', import.meta.url), {
    type: 'module',
    name: 'pdf-sign',
  });
  return new Promise<Blob>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<SignMessage>) => {
      const m = event.data;
      if (m.type === 'progress') {
        onProgress(m.fraction);
        return;
      }
      if (m.type === 'notice') {
        onNotice(m);
        return;
      }
      worker.terminate();
      if (m.type === 'done') {
        onWarnings(m.warnings);
        resolve(m.blob);
      } else reject(new SignError(m.message, m.code));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new SignError(event.message || 'worker failed'));
    });
    worker.postMessage(request, { transfer: Object.values(request.images) });
  });
}
