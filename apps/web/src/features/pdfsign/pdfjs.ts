/**
 * pdf.js for the PDF签章 page view, loaded on first use; its worker, CMaps and standard fonts come
 * from our own origin.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PageSizePt } from './column';

export type { PDFDocumentProxy };

let loading: Promise<typeof import('pdfjs-dist')> | null = null;

function pdfjs() {
  loading ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return loading;
}

export type OpenResult =
  | { ok: true; doc: PDFDocumentProxy; pages: PageSizePt[] }
  | { ok: false; reason: 'password' | 'wrongPassword' | 'broken'; message: string };

const BASE = `${import.meta.env.BASE_URL}pdfjs/`;

/** Opens the bytes (a copy is handed to pdf.js) and reads every page's displayed size. */
export async function openForView(bytes: Uint8Array, password?: string): Promise<OpenResult> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    data: bytes.slice(),
    password,
    cMapUrl: `${BASE}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${BASE}standard_fonts/`,
  });
  try {
    const doc = await task.promise;
    const pages: PageSizePt[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const v = page.getViewport({ scale: 1 });
      pages.push({ width: v.width, height: v.height });
    }
    return { ok: true, doc, pages };
  } catch (error) {
    const e = error as { name?: string; code?: number; message?: string };
    const message = e.message ?? String(error);
    if (e.name === 'PasswordException') {
      return { ok: false, reason: e.code === 2 ? 'wrongPassword' : 'password', message };
    }
    return { ok: false, reason: 'broken', message };
  }
}
