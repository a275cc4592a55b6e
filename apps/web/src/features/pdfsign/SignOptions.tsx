import type { PageSelection } from '@yinzhang/pdf';
import { useTranslation } from 'react-i18next';
import { useSeal } from '../../store';
import PagingSealPanel from './PagingSealPanel';
import styles from './PdfSignTab.module.css';

const PAGE_CHOICES: readonly PageSelection[] = ['all', 'skip-first', 'odd', 'even'];

/** Which pages a batch stamp goes on, and the paging seal (骑缝章, PagingSealPanel). */
export default function SignOptions() {
  const { t } = useTranslation();
  const mode = useSeal((s) => s.pdfMode);
  const batchPages = useSeal((s) => s.pdfBatchPages);
  const setBatchPages = useSeal((s) => s.setPdfBatchPages);

  return (
    <>
      {mode === 'batch' && (
        <label className={styles.paging}>
          {t('pdfsign.batchPages')}
          <select
            className={styles.select}
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
      <PagingSealPanel />
    </>
  );
}
