/** Runs one verification in a fresh worker; the worker ends with the job. */
import type { SignatureReport } from '@yinzhang/pdf';
import type { VerifyMessage, VerifyRequest } from './verifyJob';

export class VerifyError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.name = 'VerifyError';
    this.code = code;
  }
}

export function verifyInWorker(request: VerifyRequest): Promise<SignatureReport[]> {
  const worker = new Worker(new URL('./verify.worker.ts', import.meta.url), {
    type: 'module',
    name: 'pdf-verify',
  });
  return new Promise((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<VerifyMessage>) => {
      worker.terminate();
      const m = event.data;
      if (m.type === 'done') resolve(m.signatures);
      else reject(new VerifyError(m.message, m.code));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new VerifyError(event.message || 'worker failed'));
    });
    worker.postMessage(request);
  });
}
