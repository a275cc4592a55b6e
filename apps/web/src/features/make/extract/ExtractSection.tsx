import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeal } from '../../../store';
import styles from './ExtractSection.module.css';
import { LazyWorkspace, prefetchWorkspace } from './loadWorkspace';
import UploadBox from './UploadBox';

/** 从照片提取印章: the upload box; the cropper and the rest load once a photo is chosen. */
export default function ExtractSection() {
  const { t } = useTranslation();
  const id = useId();
  const hasPhoto = useSeal((s) => s.photo !== null);

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t('extract.heading')}
        </h2>
        <p className={styles.intro}>{t('extract.intro')}</p>
      </div>
      <UploadBox compact={hasPhoto} onIntent={prefetchWorkspace} />
      {hasPhoto && (
        <Suspense fallback={<p className={styles.loading}>…</p>}>
          <LazyWorkspace />
        </Suspense>
      )}
    </section>
  );
}
