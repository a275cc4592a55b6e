import { useCallback, useEffect, useRef, useState } from 'react';
import styles from './PdfSignTab.module.css';
import type { PDFDocumentProxy } from './pdfjs';

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
}

/** How far outside the viewer a page still keeps (or gets) its canvas. */
const KEEP_MARGIN = '1200px 0px';

/** One page: a placeholder of the page's size, with a canvas while it is near the view. */
export default function PdfPageCanvas({ doc, index, width, height, top, label, root }: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
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
    setDrawn(false);
    // Debounced so that a window being resized does not draw every step.
    const timer = setTimeout(() => {
      void doc.getPage(index + 1).then((page) => {
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        const dpr = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (width / base.width) * dpr });
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        task = page.render({ canvas, viewport });
        task.promise.then(
          () => !cancelled && setDrawn(true),
          () => {},
        );
      });
    }, 60);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      task?.cancel();
    };
  }, [near, doc, index, width]);

  useEffect(() => {
    if (near) return;
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
}
