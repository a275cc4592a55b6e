import { useTranslation } from 'react-i18next';
import { pdfErrorKey } from '../../../files/pdfErrors';
import type { MergeFile } from '../../../store/merge';
import { formatSize } from '../format';
import styles from './Merge.module.css';
import SignaturesDropped from './SignaturesDropped';

/** One file of the merge list: name, page count, size and its status badge (SPEC §4). */
export default function MergeFileRow({ file, onUnlock }: { file: MergeFile; onUnlock(): void }) {
  const { t } = useTranslation();
  const badge =
    file.status === null
      ? t('merge.reading')
      : file.status
        ? t('merge.statusTrue')
        : t('merge.statusFalse');
  return (
    <div className={styles.row}>
      <div className={styles.main}>
        <span className={styles.name} title={file.name}>
          {file.name}
        </span>
        <span className={styles.meta}>
          {file.pages !== null && <span>{t('merge.pages', { count: file.pages })}</span>}
          <span>{formatSize(file.size)}</span>
        </span>
        <SignaturesDropped count={file.signatures} />
        {file.pdfA && (
          <span className={styles.note} data-pdfa={file.pdfA}>
            {t('trust.mergePdfA')}
          </span>
        )}
        {file.problem && (
          <span className={styles.problem}>
            {t(pdfErrorKey(file.code), { file: file.name })}
            {file.problem === 'password' && (
              <button type="button" className={styles.unlock} onClick={onUnlock}>
                {t('merge.unlock')}
              </button>
            )}
          </span>
        )}
      </div>
      <span className={styles.badge} data-status={String(file.status)}>
        <span aria-hidden="true">{file.status === null ? '…' : file.status ? '✓' : '✕'}</span>
        {badge}
      </span>
    </div>
  );
}
