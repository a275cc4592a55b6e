import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import layout from '../../sign/SignLayout.module.css';
import styles from '../PdfSignTab.module.css';
import trustStyles from './PdfTrust.module.css';
import '../../../i18n/trust';

/**
 * PDF签章's password dialog: the password, and 移除密码 (off by default, so the stamped file keeps
 * the password it came with).
 */
export default function PdfPasswordForm({
  wrong,
  onSubmit,
}: {
  wrong: boolean;
  onSubmit(password: string, removePassword: boolean): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [remove, setRemove] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit(password, remove);
  }

  return (
    <form className={styles.password} onSubmit={submit}>
      <p className={styles.passwordTitle}>{t('pdfsign.passwordTitle')}</p>
      <label htmlFor={`${id}-pw`}>{t('pdfsign.password')}</label>
      <input
        id={`${id}-pw`}
        type="password"
        autoComplete="off"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label className={trustStyles.check}>
        <input
          type="checkbox"
          checked={remove}
          onChange={(e) => setRemove(e.target.checked)}
          aria-describedby={`${id}-remove-hint`}
        />
        {t('trust.removePassword')}
      </label>
      <button type="submit" className={styles.secondary}>
        {t('pdfsign.open')}
      </button>
      <p id={`${id}-remove-hint`} className={trustStyles.hint}>
        {t('trust.removePasswordHint')}
      </p>
      {wrong && (
        <p role="alert" className={layout.notice}>
          {t('pdfsign.passwordWrong')}
        </p>
      )}
    </form>
  );
}
