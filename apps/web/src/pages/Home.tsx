import { useTranslation } from 'react-i18next';
import TabStrip from '../components/TabStrip';
import styles from './Home.module.css';

export default function Home() {
  const { t } = useTranslation();
  return (
    <div className={styles.home}>
      <h1 className={styles.title}>{t('app.tagline')}</h1>
      <TabStrip />
    </div>
  );
}
