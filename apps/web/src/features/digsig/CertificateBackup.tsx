import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../files/download';
import type { MadeCertificate } from '../../store/digsig';
import styles from './Digsig.module.css';

/** File name of the backup: the certificate's name, without characters file systems refuse. */
export function backupName(commonName: string): string {
  const base = commonName.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '') || 'certificate';
  return `${base}.p12`;
}

/**
 * The one chance to back up a certificate made here: its key is kept non-extractable, so the .p12
 * written now (from the copy held only until this closes) is the only way to move it.
 */
export default function CertificateBackup({
  made,
  onClose,
}: {
  made: MadeCertificate;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [password, setPassword] = useState('');
  const [state, setState] = useState<'idle' | 'empty' | 'working'>('idle');
  const [failed, setFailed] = useState<string | null>(null);

  async function download(e: FormEvent) {
    e.preventDefault();
    if (!password) {
      setState('empty');
      return;
    }
    setState('working');
    try {
      const bytes = await made.backup(password);
      downloadBlob(
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/x-pkcs12' }),
        backupName(made.commonName),
      );
      onClose();
    } catch (error) {
      setState('idle');
      console.debug('证书备份:', error);
      setFailed(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <form
      className={styles.backup}
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void download(e)}
    >
      <p id={`${id}-title`} className={styles.backupTitle}>
        {t('digsig.backupTitle')}
      </p>
      <p className={styles.small}>{t('digsig.backupText')}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-pw`}>{t('digsig.backupPassword')}</label>
        <input
          id={`${id}-pw`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <div className={styles.row}>
        <button type="submit" className={styles.button} disabled={state === 'working'}>
          {t('digsig.backupDownload')}
        </button>
        <button type="button" className={styles.link} onClick={onClose}>
          {t('digsig.backupSkip')}
        </button>
      </div>
      {state === 'empty' && (
        <p role="alert" className={styles.error}>
          {t('digsig.backupNeedPassword')}
        </p>
      )}
      {failed && (
        <p role="alert" className={styles.error}>
          {t('digsig.errors.FAILED')}
        </p>
      )}
    </form>
  );
}
