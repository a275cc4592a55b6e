import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import styles from './MainNav.module.css';

/** The two pages: home (seal tools) and /pdf (PDF tools). The current one is marked. */
export default function MainNav() {
  const { t } = useTranslation();
  const className = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.link} ${styles.active}` : styles.link;
  return (
    <nav aria-label={t('nav.label')} className={styles.nav}>
      <NavLink to="/" end className={className}>
        {t('nav.home')}
      </NavLink>
      <NavLink to="/pdf" className={className}>
        {t('nav.pdf')}
      </NavLink>
    </nav>
  );
}
