import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../i18n';
import styles from './LanguageSwitch.module.css';

export default function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className={styles.select}
      aria-label={t('app.language')}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(e) => setLanguage(e.target.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code} lang={l.code}>
          {l.label}
        </option>
      ))}
    </select>
  );
}
