import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import ExtractSection from './extract/ExtractSection';
import styles from './MakeSealTab.module.css';
import SealForm from './SealForm';
import SealPreview from './SealPreview';

/** 制作印章: make a seal by name, or extract one from a photo. */
export default function MakeSealTab() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.card}>
      <section className={styles.section} aria-labelledby={`${id}-by-name`}>
        <h2 id={`${id}-by-name`} className={styles.title}>
          {t('make.byName')}
        </h2>
        <div className={styles.layout}>
          <SealForm />
          <SealPreview />
        </div>
      </section>
      <ExtractSection />
    </div>
  );
}
