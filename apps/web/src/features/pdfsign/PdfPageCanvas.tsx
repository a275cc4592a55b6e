import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { drawQueueFor } from './drawQueue';
import styles from './PdfSignTab.module.css';
import type { PDFDocumentProxy } from './pdfjs';

type PageProxy = Awaited<ReturnType<PDFDocumentProxy['getPage']>>;

interface Props {
  doc: PDFDocumentProxy;
  /** 0-based. */
  index: number;
  width: number;
  height: number;
  top: number;
  label: string;
  /** The scrolling viewer: pages near it draw, pages far from it give their canvas back. */
  root: HTMLElement | null;
  /** Told each time the page is drawn. */
  onDrawn?: (() => void) | undefined;
}

/** A redraw for a new width waits this long, so that a window being resized draws once. */
const RESIZE_DEBOUNCE_MS = 60;

/** How far outside the viewer a page still keeps (or gets) its canvas. */
const KEEP_MARGIN = '1200px 0px';

/**
 * One page: a placeholder of the page's size, with a canvas while it is near the view. Memoised:
 * loading 5 more pages of a 1000-page column must not re-render the 995 already there.
 */
export default memo(function PdfPageCanvas({
  doc,
  index,
  width,
  height,
  top,
  label,
  root,
  onDrawn,
}: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  // The width the current canvas was drawn at; 0 for a new canvas (drawn without waiting).
  const drawnWidth = useRef(0);
  const [near, setNear] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const setCanvas = useCallback((el: HTMLCanvasElement | null) => {
    // A canvas leaving the page gives its memory back at once.
    if (!el && canvasRef.current) {
      canvasRef.current.width = 0;
      canvasRef.current.height = 0;
    }
    canvasRef.current = el;
  }, []);

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) setNear(entry.isIntersecting);
      },
      { root, rootMargin: KEEP_MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!near || !canvas || width <= 0) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let proxy: PageProxy | null = null;
    setDrawn(false);
    // A redraw at a new width is debounced; every draw is queued, one page at a time (see
    // drawQueue.ts).
    const delay = drawnWidth.current > 0 ? RESIZE_DEBOUNCE_MS : 0;
    const timer = setTimeout(() => {
      void drawQueueFor(doc)
        .take()
        .then(async (endTurn) => {
          try {
            if (cancelled) return;
            const page = await doc.getPage(index + 1);
            proxy = page;
            if (cancelled) return;
            const base = page.getViewport({ scale: 1 });
            const dpr = window.devicePixelRatio || 1;
            const viewport = page.getViewport({ scale: (width / base.width) * dpr });
            canvas.width = Math.round(viewport.width);
            canvas.height = Math.round(viewport.height);
            task = page.render({ canvas, viewport });
            await task.promise;
            if (cancelled) return;
            drawnWidth.current = width;
            // For `npm run bench:web` (time to the first page, beside the stock viewer's).
            if (index === 0) performance.mark('pdfsign:first-page');
            setDrawn(true);
            onDrawn?.();
          } catch {
            // Cancelled (the page scrolled away), or a page pdf.js cannot draw: it stays blank.
          } finally {
            endTurn();
          }
        });
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      task?.cancel();
      // pdf.js keeps a drawn page's decoded images (32 MB for one scanned A4 page) until told;
      // once the page is drawn again they are decoded again. Done when its render has stopped.
      proxy?.cleanup();
    };
  }, [near, doc, index, width, onDrawn]);

  useEffect(() => {
    if (near) return;
    drawnWidth.current = 0;
    setDrawn(false);
  }, [near]);

  return (
    <div
      ref={boxRef}
      className={styles.page}
      style={{ top, width, height }}
      data-page={index + 1}
      data-drawn={drawn ? '' : undefined}
      role="img"
      aria-label={label}
    >
      {near && <canvas ref={setCanvas} className={styles.canvas} />}
    </div>
  );
});
