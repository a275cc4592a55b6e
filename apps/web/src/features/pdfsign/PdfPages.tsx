import { everyPage, type PdfPt } from '@yinzhang/pdf';
import type { Size } from '@yinzhang/seal/placement';
import { memo, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ColumnLayout, columnLayout } from '../../model/column';
import { useSeal } from '../../store';
import { stampLabel } from '../gallery/labels';
import PagingStrips from './PagingStrips';
import PdfPageCanvas from './PdfPageCanvas';
import PdfPlacedStamp from './PdfPlacedStamp';
import styles from './PdfSignTab.module.css';
import PdfUndoBar from './PdfUndoBar';
import type { PDFDocumentProxy } from './pdfjs';
import { usePagingSeal } from './usePagingSeal';
import { useViewRange } from './useViewRange';

/** Pages are added this many at a time. */
export const PAGE_CHUNK = 5;
/** The next chunk loads when the end of the loaded pages is this close to the view. */
const LOAD_AHEAD_PX = 300;
/**
 * A batch stamp's copies are drawn on the pages within this many pages of the view only: a
 * 1000-page column would otherwise hold 999 of them, all re-rendered while the stamp is dragged.
 */
const COPY_WINDOW_PAGES = 10;

export interface PagesView {
  layout: ColumnLayout;
  scroller: HTMLElement;
  loaded: number;
}

interface Props {
  doc: PDFDocumentProxy;
  viewRef: RefObject<PagesView | null>;
  /** Told when the first page is drawn (keep it stable: the pages are memoised). */
  onFirstDrawn?: (() => void) | undefined;
}

/**
 * The PDF's pages in one scrolling column, loaded 5 at a time, with the stamps on them. Memoised:
 * the tab re-renders on every export progress step, and this column may hold 1000 pages.
 */
export default memo(function PdfPages({ doc, viewRef, onFirstDrawn }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const pdfDoc = useSeal((s) => s.pdfDoc);
  const placements = useSeal((s) => s.pdfPlacements);
  const batchPages = useSeal((s) => s.pdfBatchPages);
  const stamps = useSeal((s) => s.stamps);
  const selected = useSeal((s) => s.pdfSelected);
  const select = useSeal((s) => s.selectPdfStamp);
  const scrollerRef = useRef<HTMLElement>(null);
  const columnRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const pages = pdfDoc?.pages ?? [];
  const [loaded, setLoaded] = useState(Math.min(PAGE_CHUNK, pages.length));
  const paging = usePagingSeal();

  const layout = useMemo(() => columnLayout(pages.slice(0, loaded), width), [pages, loaded, width]);
  const [firstSeen, lastSeen] = useViewRange(scroller, layout);
  const nearView = (page: number) =>
    page >= firstSeen - COPY_WINDOW_PAGES && page <= lastSeen + COPY_WINDOW_PAGES;

  // The column follows its container's width (window and layout changes).
  useEffect(() => {
    const column = columnRef.current;
    if (!column) return;
    setScroller(scrollerRef.current);
    setWidth(column.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(column.clientWidth));
    observer.observe(column);
    return () => observer.disconnect();
  }, []);

  // The next 5 pages when the end of the loaded ones comes within 300 px of the view.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !scroller || loaded >= pages.length) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setLoaded((n) => Math.min(pages.length, n + PAGE_CHUNK));
        }
      },
      { root: scroller, rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [scroller, loaded, pages.length]);

  useEffect(() => {
    viewRef.current = scroller ? { layout, scroller, loaded } : null;
  }, [viewRef, layout, scroller, loaded]);

  // SPEC §4: clicking anywhere but the selected stamp deselects it.
  useEffect(() => {
    if (!selected) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (!target?.closest(`[data-placement="${selected}"]`)) select(null);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [selected, select]);

  const labelOf = (stampId: string) => {
    const entry = stamps.find((e) => e.id === stampId);
    return t('sign.placed', { name: entry ? stampLabel(entry, t) : t('gallery.sealUnnamed') });
  };

  return (
    <div className={styles.viewerFrame}>
      <PdfUndoBar />
      <section
        ref={scrollerRef}
        className={styles.scroller}
        aria-label={t('pdfsign.pages', { count: pages.length })}
        data-loaded={loaded}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region is reachable by keyboard
        tabIndex={0}
      >
        <div ref={columnRef} className={styles.column} style={{ height: layout.height }}>
          {width > 0 &&
            layout.tops.map((top, i) => (
              <PdfPageCanvas
                // biome-ignore lint/suspicious/noArrayIndexKey: pages are fixed by their index
                key={i}
                doc={doc}
                index={i}
                top={top}
                width={width}
                height={layout.heights[i] ?? 0}
                root={scroller}
                label={t('pdfsign.page', { n: i + 1 })}
                onDrawn={i === 0 ? onFirstDrawn : undefined}
              />
            ))}
          {width > 0 &&
            placements.flatMap((p) => {
              if (p.page >= loaded) return [];
              const own = (
                <PdfPlacedStamp
                  key={p.id}
                  placement={p}
                  page={p.page}
                  layout={layout}
                  label={labelOf(p.stampId)}
                  keysHintId={`${id}-keys`}
                />
              );
              if (!p.batch) return [own];
              // The same plan as the export: chosen pages only, at the same distance from the
              // nearest corner in points, so mixed page sizes preview as they will print.
              const sizes = (pdfDoc?.pages ?? []) as readonly Size<PdfPt>[];
              const plans =
                p.page < sizes.length
                  ? everyPage(
                      { ...p.box, page: p.page, image: p.stampId, rotate: p.rotate },
                      sizes,
                      {
                        pages: batchPages,
                      },
                    )
                  : [];
              const copies = plans
                .filter((plan) => plan.page !== p.page && plan.page < loaded && nearView(plan.page))
                .map((plan) => (
                  <PdfPlacedStamp
                    key={`${p.id}@${plan.page}`}
                    placement={{
                      ...p,
                      box: { x: plan.x, y: plan.y, width: plan.width, height: plan.height },
                    }}
                    page={plan.page}
                    layout={layout}
                    label=""
                    keysHintId=""
                    copy
                  />
                ));
              return [own, ...copies];
            })}
          {width > 0 && paging.seal && (
            <PagingStrips
              parts={paging.parts}
              src={paging.seal.url}
              layout={layout}
              loaded={loaded}
            />
          )}
          <div ref={sentinelRef} className={styles.sentinel} style={{ top: layout.height }} />
        </div>
      </section>
      <p id={`${id}-keys`} className={styles.keys}>
        {t('sign.keys')}
      </p>
    </div>
  );
});
