import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './Header.module.css';
import LanguageSwitch from './LanguageSwitch';
import MainNav from './MainNav';
import SealMark from './SealMark';

export default function Header() {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          <span className={styles.mark}>
            <SealMark size={30} />
          </span>
          <span className={styles.name}>{t('app.name')}</span>
          <span className={styles.latin} lang="en">
            {t('app.latinName')}
          </span>
        </Link>
        <MainNav />
        <LanguageSwitch />
      </div>
    </header>
  );
}
