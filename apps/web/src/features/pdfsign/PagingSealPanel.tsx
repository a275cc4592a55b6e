import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeal } from '../../store';
import { stampLabel } from '../gallery/labels';
import PagingFan from './PagingFan';
import styles from './PagingSeal.module.css';
import { usePagingSeal } from './usePagingSeal';

/** Printed sizes offered for the paging seal, in mm; empty = the seal's own size. */
const SIZE_LIMITS = { min: 10, max: 80 } as const;

/**
 * 骑缝章 (issue 18, item 1): on/off, edge, height and size in the app's own controls, the seal it
 * will use by name, and the fanned-out result; the strips themselves show on the pages.
 */
export default function PagingSealPanel() {
  const { t } = useTranslation();
  const id = useId();
  const paging = useSeal((s) => s.pagingSealOption);
  const setPaging = useSeal((s) => s.setPagingSeal);
  const pages = useSeal((s) => s.pdfDoc?.pages);
  const { seal, parts } = usePagingSeal();
  const off = !paging.enabled;

  return (
    <fieldset className={styles.panel}>
      <legend className={styles.legend}>
        <label className={styles.switch}>
          <input
            type="checkbox"
            checked={paging.enabled}
            onChange={(e) => setPaging({ enabled: e.target.checked })}
          />
          <span className={styles.track} aria-hidden="true" />
          {t('pdfsign.paging')}
        </label>
      </legend>
      {paging.enabled && (
        <p className={styles.uses}>
          {seal ? (
            <>
              <img src={seal.url} alt="" className={styles.thumb} />
              <span>{t('pdfsign.pagingUses', { name: stampLabel(seal, t) })}</span>
            </>
          ) : (
            <span role="alert">{t('pdfsign.pagingNoSeal')}</span>
          )}
        </p>
      )}
      <div className={styles.row} role="radiogroup" aria-labelledby={`${id}-edge`}>
        <span id={`${id}-edge`} className={styles.label}>
          {t('pdfsign.pagingEdge')}
        </span>
        <div className={styles.segments}>
          {(['left', 'right'] as const).map((edge) => (
            <label
              key={edge}
              className={`${styles.segment} ${paging.edge === edge ? styles.on : ''}`}
            >
              <input
                type="radio"
                name={`${id}-edge`}
                checked={paging.edge === edge}
                disabled={off}
                onChange={() => setPaging({ edge })}
              />
              {t(`pdfsign.${edge}`)}
            </label>
          ))}
        </div>
      </div>
      <div className={styles.row}>
        <label htmlFor={`${id}-y`} className={styles.label}>
          {t('pdfsign.pagingY')}
        </label>
        <input
          id={`${id}-y`}
          className={styles.range}
          type="range"
          min={0}
          max={100}
          step={1}
          disabled={off}
          value={Math.round(paging.y * 100)}
          onChange={(e) => setPaging({ y: Number(e.target.value) / 100 })}
        />
        <output htmlFor={`${id}-y`} className={styles.value}>
          {Math.round(paging.y * 100)}%
        </output>
      </div>
      <div className={styles.row}>
        <label htmlFor={`${id}-mm`} className={styles.label}>
          {t('pdfsign.pagingSize')}
        </label>
        <input
          id={`${id}-mm`}
          className={styles.number}
          type="number"
          inputMode="numeric"
          min={SIZE_LIMITS.min}
          max={SIZE_LIMITS.max}
          step={1}
          placeholder={t('pdfsign.pagingSizeAuto')}
          disabled={off}
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
      {paging.enabled && seal && pages && parts.length > 0 && (
        <>
          <p className={styles.hint}>{t('pdfsign.pagingPages', { count: parts.length })}</p>
          <PagingFan parts={parts} pages={pages} src={seal.url} label={t('pdfsign.pagingFan')} />
        </>
      )}
      {paging.enabled && seal && !pages && (
        <p className={styles.hint}>{t('pdfsign.pagingNoPdf')}</p>
      )}
    </fieldset>
  );
}
