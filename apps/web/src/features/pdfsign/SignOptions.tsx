import type { PageSelection } from '@yinzhang/pdf';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeal } from '../../store';
import styles from './PdfSignTab.module.css';

const PAGE_CHOICES: readonly PageSelection[] = ['all', 'skip-first', 'odd', 'even'];
/** Printed sizes offered for the paging seal, in mm; empty = the seal's own size. */
const SIZE_LIMITS = { min: 10, max: 80 } as const;

/** Which pages a batch stamp goes on, and the paging seal (骑缝章): edge, height and size. */
export default function SignOptions() {
  const { t } = useTranslation();
  const id = useId();
  const mode = useSeal((s) => s.pdfMode);
  const batchPages = useSeal((s) => s.pdfBatchPages);
  const setBatchPages = useSeal((s) => s.setPdfBatchPages);
  const paging = useSeal((s) => s.pagingSealOption);
  const setPaging = useSeal((s) => s.setPagingSeal);

  return (
    <>
      {mode === 'batch' && (
        <label className={styles.paging}>
          {t('pdfsign.batchPages')}
          <select
            value={batchPages}
            onChange={(e) => setBatchPages(e.target.value as PageSelection)}
          >
            {PAGE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`pdfsign.pagesChoice.${choice}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={styles.paging}>
        <label>
          <input
            type="checkbox"
            checked={paging.enabled}
            onChange={(e) => setPaging({ enabled: e.target.checked })}
          />
          {t('pdfsign.paging')}
        </label>
        <label>
          {t('pdfsign.pagingEdge')}
          <select
            value={paging.edge}
            disabled={!paging.enabled}
            onChange={(e) => setPaging({ edge: e.target.value === 'left' ? 'left' : 'right' })}
          >
            <option value="right">{t('pdfsign.right')}</option>
            <option value="left">{t('pdfsign.left')}</option>
          </select>
        </label>
        <label htmlFor={`${id}-y`}>{t('pdfsign.pagingY')}</label>
        <input
          id={`${id}-y`}
          type="number"
          min={0}
          max={100}
          step={1}
          disabled={!paging.enabled}
          value={Math.round(paging.y * 100)}
          onChange={(e) => {
            const percent = Number(e.target.value);
            if (Number.isFinite(percent))
              setPaging({ y: Math.min(100, Math.max(0, percent)) / 100 });
          }}
        />
        <label htmlFor={`${id}-mm`}>{t('pdfsign.pagingSize')}</label>
        <input
          id={`${id}-mm`}
          type="number"
          min={SIZE_LIMITS.min}
          max={SIZE_LIMITS.max}
          step={1}
          placeholder={t('pdfsign.pagingSizeAuto')}
          disabled={!paging.enabled}
          value={paging.widthMm ?? ''}
          onChange={(e) => {
            const mm = e.target.value === '' ? null : Number(e.target.value);
            if (mm === null) setPaging({ widthMm: null });
            else if (Number.isFinite(mm)) {
              setPaging({ widthMm: Math.min(SIZE_LIMITS.max, Math.max(SIZE_LIMITS.min, mm)) });
            }
          }}
        />
      </div>
    </>
  );
}
