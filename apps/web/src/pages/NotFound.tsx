import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './NotFound.module.css';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <div className={styles.box}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <Link to="/" className={styles.link}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
