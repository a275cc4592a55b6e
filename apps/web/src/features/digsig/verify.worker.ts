/** The verification worker: checks every signature of a PDF with @yinzhang/pdf's verifyPdf. */
import { verifyPdf } from '@yinzhang/pdf';
import type { VerifyMessage, VerifyRequest } from './verifyJob';

const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<VerifyRequest>) => void): void;
  postMessage(message: VerifyMessage): void;
};

scope.addEventListener('message', (event) => {
  const { file, trust, password } = event.data;
  file
    .arrayBuffer()
    .then((bytes) => verifyPdf(new Uint8Array(bytes), { trust, password }))
    .then(({ signatures }) => scope.postMessage({ type: 'done', signatures }))
    .catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      scope.postMessage({
        type: 'failed',
        code: typeof code === 'string' ? code : undefined,
        message: error instanceof Error ? error.message : String(error),
      });
    });
});
