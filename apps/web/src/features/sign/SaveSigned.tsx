import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../files/download';
import { logEngineError } from '../../files/pdfErrors';
import { sealStore, useSeal } from '../../store';
import { exportSigned, signedFileName } from './exportSigned';
import styles from './SaveSigned.module.css';

/** 保存: downloads the image at full resolution with the stamps on it. */
export default function SaveSigned() {
  const { t } = useTranslation();
  const hasImage = useSeal((s) => s.signImage !== null);
  const count = useSeal((s) => s.placements.length);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function save() {
    const { signImage, placements } = sealStore.getState();
    if (!signImage || busy) return;
    setBusy(true);
    setStatus(null);
    try {
      const name = signedFileName(signImage.name);
      downloadBlob(await exportSigned(signImage, placements), name);
      setStatus({ ok: true, text: t('sign.saved', { name }) });
    } catch (error) {
      // The browser's words (a canvas too large, say) go to the debug log; the user reads ours.
      logEngineError('图片签章', signImage.name, error);
      setStatus({ ok: false, text: t('sign.saveFailed', { file: signImage.name }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.bar}>
      <span className={styles.count}>{hasImage ? t('sign.count', { count }) : ''}</span>
      <p role="status" className={styles.ok}>
        {status?.ok ? status.text : ''}
      </p>
      {status && !status.ok && (
        <p role="alert" className={styles.error}>
          {status.text}
        </p>
      )}
      <button
        type="button"
        className={styles.save}
        disabled={!hasImage || busy}
        aria-busy={busy}
        onClick={() => void save()}
      >
        {busy ? t('sign.saving') : t('sign.save')}
      </button>
    </div>
  );
}
