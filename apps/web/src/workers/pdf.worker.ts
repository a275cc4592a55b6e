/**
 * The PDF worker: runs @yinzhang/pdf (merging, images to PDF, reading page counts) off the main
 * thread. Everything it does is in protocol.ts; this file only wires it to the worker's messages.
 */
import {
  findTextInPdf,
  imagesToPdf,
  type Mm,
  mergePdfs,
  placeAll,
  readPdfInfo,
} from '@yinzhang/pdf';
import { handleRequest, type JobRequest, type PdfEngine } from './protocol';

const engine: PdfEngine = {
  readPdfInfo,
  mergePdfs,
  findTextInPdf,
  imagesToPdf: (images, { marginMm, ...options }) =>
    imagesToPdf(images, { ...options, marginMm: marginMm as Mm }),
  // Nothing placed, 移除密码: the whole file written again without its encryption.
  decryptedCopy: (bytes) => placeAll(bytes, { images: {}, placements: [], decrypt: true }),
};

// The app is typed with the DOM library; this is the part of the worker's global scope used here.
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<JobRequest>) => void): void;
  postMessage(message: unknown, options: { transfer: Transferable[] }): void;
};

scope.addEventListener('message', (event) => {
  void handleRequest(event.data, engine, (message, transfer) =>
    scope.postMessage(message, { transfer }),
  );
});
