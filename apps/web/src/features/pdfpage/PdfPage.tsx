import { type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import tabStyles from '../../components/TabStrip.module.css';
import { useSeal } from '../../store';
import { PDF_TABS, type PdfTabId } from '../../store/convert';
import tool from '../convert/tool.module.css';
import styles from './PdfPage.module.css';
import '../../i18n/convert';

const PANELS: Record<PdfTabId, ReturnType<typeof lazy>> = {
  edit: lazy(() => import('./PdfEditor')),
  merge: lazy(() => import('../convert/merge/MergeTool')),
  images: lazy(() => import('../img2pdf/ImagesTool')),
};

const HINTS: Partial<Record<PdfTabId, 'merge.hint' | 'images.hint'>> = {
  merge: 'merge.hint',
  images: 'images.hint',
};

/**
 * /pdf (SPEC §2): PDF编辑 · PDF合并 · 图片转PDF. ARIA tabs; a panel loads when first opened and
 * then stays mounted, so an open document or a file list survives switching tabs.
 */
export default function PdfPage() {
  const { t } = useTranslation();
  const active = useSeal((s) => s.pdfTab);
  const setPdfTab = useSeal((s) => s.setPdfTab);
  const [opened, setOpened] = useState<ReadonlySet<PdfTabId>>(() => new Set([active]));
  const tabRefs = useRef(new Map<PdfTabId, HTMLButtonElement>());
  if (!opened.has(active)) setOpened(new Set(opened).add(active));

  function onKeyDown(e: KeyboardEvent) {
    const i = PDF_TABS.indexOf(active);
    const last = PDF_TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: i === last ? 0 : i + 1,
      ArrowLeft: i === 0 ? last : i - 1,
      Home: 0,
      End: last,
    };
    const target = PDF_TABS[next[e.key] ?? -1];
    if (!target) return;
    e.preventDefault();
    setPdfTab(target);
    tabRefs.current.get(target)?.focus();
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('pdfPage.title')}</h1>
      <div className={tabStyles.root}>
        <div
          role="tablist"
          aria-label={t('pdfPage.tabs')}
          className={tabStyles.list}
          onKeyDown={onKeyDown}
        >
          {PDF_TABS.map((id) => (
            <button
              key={id}
              ref={(el) => {
                if (el) tabRefs.current.set(id, el);
                else tabRefs.current.delete(id);
              }}
              type="button"
              role="tab"
              id={`pdf-tab-${id}`}
              aria-selected={id === active}
              aria-controls={`pdf-panel-${id}`}
              tabIndex={id === active ? 0 : -1}
              className={tabStyles.tab}
              onClick={() => setPdfTab(id)}
            >
              {t(`pdfPage.${id}`)}
            </button>
          ))}
        </div>
        {PDF_TABS.map((id) => {
          if (!opened.has(id)) return null;
          const Panel = PANELS[id];
          const hint = HINTS[id];
          return (
            <div
              key={id}
              role="tabpanel"
              id={`pdf-panel-${id}`}
              aria-labelledby={`pdf-tab-${id}`}
              hidden={id !== active}
              className={`${tabStyles.panel} ${tool.card}`}
            >
              {hint && <p className={tool.hint}>{t(hint)}</p>}
              <Suspense fallback={<p className={tabStyles.loading}>…</p>}>
                <Panel />
              </Suspense>
            </div>
          );
        })}
      </div>
    </div>
  );
}
