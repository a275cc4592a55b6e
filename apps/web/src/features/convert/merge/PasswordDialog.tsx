import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnlockResult } from '../../../store/merge';
import styles from './Merge.module.css';

interface Props {
  fileName: string;
  onSubmit(password: string): Promise<UnlockResult>;
  onClose(): void;
}

/** Asks for an encrypted file's password; stays open and says so when it is wrong. */
export default function PasswordDialog({ fileName, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<UnlockResult | null>(null);

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    input.current?.focus();
    return () => before?.focus();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (checking) return;
    setChecking(true);
    const answer = await onSubmit(password);
    setChecking(false);
    if (answer === 'ok') {
      onClose();
      return;
    }
    setResult(answer);
    input.current?.select();
  }

  return (
    <div className={styles.backdrop}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-intro`}
        className={styles.dialog}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id={`${id}-title`} className={styles.dialogTitle}>
          {t('password.title')}
        </h2>
        <p id={`${id}-intro`} className={styles.dialogIntro}>
          {t('password.intro', { name: fileName })}
        </p>
        <form onSubmit={submit} className={styles.form}>
          <label htmlFor={`${id}-password`}>{t('password.label')}</label>
          <input
            ref={input}
            id={`${id}-password`}
            type="password"
            autoComplete="off"
            value={password}
            aria-invalid={result === 'wrong' || undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          {result && (
            <p role="alert" className={styles.wrong}>
              {result === 'wrong' ? t('password.wrong') : t('password.failed', { name: fileName })}
            </p>
          )}
          <div className={styles.dialogButtons}>
            <button type="button" className={styles.secondary} onClick={onClose}>
              {t('password.cancel')}
            </button>
            <button type="submit" className={styles.ok} disabled={checking}>
              {checking ? t('password.checking') : t('password.ok')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
