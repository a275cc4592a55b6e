import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { logEngineError } from '../../files/pdfErrors';
import styles from './PdfEditor.module.css';
import { fixDownloads } from './readableFreeText';
import type { PdfjsViewerElement } from './viewerElement';
import './viewerElement';
import {
  pdfjsErrorCode,
  VIEWER_CSS,
  VIEWER_OPTIONS,
  viewerAttributes,
  viewerLocale,
} from './viewerSetup';

/**
 * The stock pdf.js viewer (toolbar, thumbnails, outline, find, zoom, editors, print, save,
 * document properties), opened on a local file. The file never leaves the browser.
 */
export default function PdfViewer({
  url,
  name,
  onError,
}: {
  url: string;
  name: string;
  /** pdf.js could not open the file: the page says so in our words (issue 19). */
  onError?: (code: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const ref = useRef<PdfjsViewerElement>(null);

  // Options are taken when the viewer application starts, which is after this first effect.
  useEffect(() => {
    void ref.current?.setViewerOptions(VIEWER_OPTIONS);
    void ref.current?.injectViewerStyles(VIEWER_CSS);
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let live = true;
    void element.initPromise.then(({ viewerApp }) => {
      if (!live || !viewerApp) return;
      void fixDownloads(viewerApp);
      // For `npm run bench:web`, which compares the first page's time with the PDF签章 tab's.
      viewerApp.eventBus.on('pagerendered', () => performance.mark('pdfviewer:first-page'), {
        once: true,
      });
      // originalUrl gives the viewer the file's name: its title and the name Save downloads under.
      Promise.resolve(viewerApp.open({ url, originalUrl: name })).catch((reason: unknown) => {
        // pdf.js's own words go to the debug log; the page says ours, naming the file.
        logEngineError('pdf.js', name, reason);
        if (live) onError?.(pdfjsErrorCode(reason));
      });
    });
    return () => {
      live = false;
    };
  }, [url, name, onError]);

  return (
    <pdfjs-viewer-element
      ref={ref}
      className={styles.viewer}
      {...viewerAttributes(window.location.origin)}
      locale={viewerLocale(i18n.language)}
      iframe-title={t('pdfPage.viewer')}
      viewer-css-theme="LIGHT"
    />
  );
}
