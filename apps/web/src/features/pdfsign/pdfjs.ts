/**
 * pdf.js for the PDF签章 page view, loaded when the tab opens; its worker, CMaps and standard fonts
 * come from our own origin.
 */
import type { PDFDocumentProxy, PDFWorker } from 'pdfjs-dist';
import type { PageSizePt } from '../../model/column';

export type { PDFDocumentProxy };

type Pdfjs = typeof import('pdfjs-dist');

let loading: Promise<Pdfjs> | null = null;
/** One pdf.js worker for every document the tab opens: started once, ahead of the first file. */
let worker: PDFWorker | null = null;

function pdfjs(): Promise<Pdfjs> {
  loading ??= Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]).then(
    ([lib, workerUrl]) => {
      lib.GlobalWorkerOptions.workerSrc = workerUrl.default;
      return lib;
    },
    (error: unknown) => {
      // A failed download (offline for a moment) is tried again on the next use.
      loading = null;
      throw error;
    },
  );
  return loading;
}

function pdfWorker(lib: Pdfjs): PDFWorker {
  if (!worker || worker.destroyed) worker = new lib.PDFWorker();
  return worker;
}

/**
 * Starts loading pdf.js and its worker when the PDF签章 tab opens, so that both are ready by the
 * time a file is picked. Never earlier: the home page does not carry pdf.js.
 */
export function preloadPdfjs(): void {
  pdfjs().then(pdfWorker, () => {});
}

/** Pages whose sizes are read before the document is shown: the first chunk the view draws. */
export const SIZES_FIRST = 5;

export type OpenResult =
  | {
      ok: true;
      doc: PDFDocumentProxy;
      /**
       * Every page's displayed size, in points. The first SIZES_FIRST are read; the rest are
       * provisional (the last read size, as the stock viewer assumes) until `allPages` settles.
       */
      pages: PageSizePt[];
      /** Every page's size as read (a page that cannot be read keeps its provisional size). */
      allPages: Promise<PageSizePt[]>;
    }
  | { ok: false; reason: 'password' | 'wrongPassword' | 'broken'; message: string };

const BASE = `${import.meta.env.BASE_URL}pdfjs/`;

async function pageSize(doc: PDFDocumentProxy, index: number): Promise<PageSizePt> {
  const v = (await doc.getPage(index + 1)).getViewport({ scale: 1 });
  return { width: v.width, height: v.height };
}

/**
 * Opens the bytes and reads the first pages' sizes; the other sizes follow in `allPages`, so that
 * a 1000-page file shows its first page without waiting for 1000 round trips to the worker.
 * The bytes are handed over: pdf.js moves them to its worker and they are empty here afterwards
 * (no copy of a 100 MB scan on the page).
 */
export async function openForView(bytes: Uint8Array, password?: string): Promise<OpenResult> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    data: bytes,
    password,
    worker: pdfWorker(lib),
    cMapUrl: `${BASE}cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${BASE}standard_fonts/`,
    // With OffscreenCanvas, the worker turns large images into bitmaps whose memory comes back
    // only when it collects garbage: scrolling a 100 MB scan peaked at 2 GB of renderer memory,
    // without it at 0.65 GB, and drew faster (`npm run bench:web -- --only scan`).
    isOffscreenCanvasSupported: false,
  });
  try {
    const doc = await task.promise;
    const n = doc.numPages;
    const first = await Promise.all(
      Array.from({ length: Math.min(n, SIZES_FIRST) }, (_, i) => pageSize(doc, i)),
    );
    const guess = first.at(-1) ?? { width: 595.28, height: 841.89 };
    const pages = Array.from({ length: n }, (_, i) => first[i] ?? guess);
    // Asked all at once: the requests queue in the worker instead of waiting for each other.
    const allPages = Promise.all(
      pages.map((known, i) => (i < first.length ? known : pageSize(doc, i).catch(() => known))),
    );
    return { ok: true, doc, pages, allPages };
  } catch (error) {
    const e = error as { name?: string; code?: number; message?: string };
    const message = e.message ?? String(error);
    if (e.name === 'PasswordException') {
      return { ok: false, reason: e.code === 2 ? 'wrongPassword' : 'password', message };
    }
    return { ok: false, reason: 'broken', message };
  }
}
