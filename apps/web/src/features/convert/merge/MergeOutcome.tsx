import { useTranslation } from 'react-i18next';
import { pdfErrorKey } from '../../../files/pdfErrors';
import { useSeal } from '../../../store';
import tool from '../tool.module.css';

/** What the last 合成 did: the merged file (and the files it skipped), or why nothing came out. */
export default function MergeOutcome() {
  const { t } = useTranslation();
  const merged = useSeal((s) => s.merged);
  const error = useSeal((s) => s.mergeError);
  if (error) {
    return (
      <p role="alert" className={tool.error}>
        {error.reason === 'nothing'
          ? t('merge.nothing')
          : t(pdfErrorKey(error.code), { file: error.files })}
      </p>
    );
  }
  if (!merged) return null;
  return (
    <div role="status" className={tool.status}>
      <p>{t('merge.done', { pages: merged.pages, files: merged.files })}</p>
      {merged.skipped.length > 0 && (
        <p>{t('merge.skipped', { names: merged.skipped.join('、') })}</p>
      )}
      {merged.pdfA.length > 0 && <p data-pdfa-lost>{t('trust.notice.NO_LONGER_PDFA')}</p>}
      <p>
        <a href={merged.url} download={merged.fileName}>
          {t('merge.download', { name: merged.fileName })}
        </a>
      </p>
    </div>
  );
}
