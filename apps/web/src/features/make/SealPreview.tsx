import { useTranslation } from 'react-i18next';
import { useSeal } from '../../store';
import ExportButtons from './designer/ExportButtons';
import styles from './SealPreview.module.css';

/**
 * The latest seal made by name on a checkered card (its background is transparent), with a
 * download link. Extracted seals have their own preview below; signatures and images live in the
 * gallery. Before any is made this visit, the stamp kept from the last visit shows.
 */
export default function SealPreview() {
  const { t } = useTranslation();
  const stamp = useSeal((s) =>
    s.currentStamp?.kind === 'made' || s.currentStamp?.kind === 'saved'
      ? s.currentStamp
      : (s.stamps.find((e) => e.kind === 'made') ?? null),
  );
  const making = useSeal((s) => s.making);
  const offline = useSeal((s) => s.madeOffline);
  const fileName = `${stamp?.name || t('app.name')}.png`;

  return (
    <div className={styles.card}>
      <div className={styles.stage} aria-busy={making}>
        {stamp ? (
          <img
            className={styles.image}
            src={stamp.url}
            alt={t('make.preview')}
            width={512}
            height={512}
          />
        ) : (
          <p className={styles.empty}>{t('make.empty')}</p>
        )}
        <p role="status" className={styles.busy}>
          {making && <span className={styles.spinner} aria-hidden="true" />}
          {making ? t('make.busy') : offline ? t('make.offline') : ''}
        </p>
      </div>
      {stamp && (
        <div className={styles.actions}>
          <a className={styles.download} href={stamp.url} download={fileName}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M11 3h2v9.2l3.6-3.6 1.4 1.4-6 6-6-6 1.4-1.4 3.6 3.6V3zM4 19h16v2H4z"
              />
            </svg>
            {t('make.download')}
          </a>
          <span className={styles.meta}>{t('make.downloadHint')}</span>
        </div>
      )}
      {stamp && 'madeFrom' in stamp && stamp.madeFrom && (
        <ExportButtons from={stamp.madeFrom} name={stamp.name || t('app.name')} />
      )}
    </div>
  );
}
