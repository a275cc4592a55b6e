import { useTranslation } from 'react-i18next';
import { useSeal } from '../../store';
import styles from './SealPreview.module.css';

/**
 * The current stamp on a checkered card (its background is transparent), with a download link.
 * A stamp extracted from a photo has its own preview below; here the latest seal made by name stays.
 */
export default function SealPreview() {
  const { t } = useTranslation();
  const stamp = useSeal((s) =>
    s.currentStamp?.kind === 'extracted'
      ? (s.stamps.find((e) => e.kind === 'made') ?? null)
      : s.currentStamp,
  );
  const making = useSeal((s) => s.making);
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
          {making ? t('make.busy') : ''}
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
    </div>
  );
}
