import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_RULES, inspectFile } from '../../files/fileCheck';
import { logEngineError } from '../../files/pdfErrors';
import { useSeal } from '../../store';
import styles from './AddStamps.module.css';
import { prepareLocalImage } from './localImage';

const SignatureModal = lazy(() => import('../signature/SignatureModal'));

/** 手写签名 (opens the drawing modal) and 本地图片 (a real file input), with 去除白色背景. */
export default function AddStamps() {
  const { t } = useTranslation();
  const id = useId();
  const addSignature = useSeal((s) => s.addSignature);
  const addLocalImage = useSeal((s) => s.addLocalImage);
  const [signing, setSigning] = useState(false);
  const [removeWhite, setRemoveWhite] = useState(true);
  const [error, setError] = useState<string | null>(null);

  async function take(file: File | undefined) {
    if (!file) return;
    setError(null);
    const alert = await inspectFile(file, 'image');
    if (alert) {
      window.alert(alert);
      return;
    }
    try {
      addLocalImage(await prepareLocalImage(file, removeWhite), file.name);
    } catch (error) {
      logEngineError('本地图片', file.name, error);
      setError(t('gallery.unreadable', { file: file.name }));
    }
  }

  return (
    <div className={styles.add}>
      <div className={styles.row}>
        <button type="button" className={styles.button} onClick={() => setSigning(true)}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="m14.1 5.3 4.6 4.6L8.6 20H4v-4.6L14.1 5.3zm1.4-1.4 1.8-1.8a1.5 1.5 0 0 1 2.1 0l2.5 2.5a1.5 1.5 0 0 1 0 2.1l-1.8 1.8-4.6-4.6z"
            />
          </svg>
          {t('gallery.signature')}
        </button>
        <input
          id={id}
          className={styles.input}
          type="file"
          accept={FILE_RULES.image.accept}
          aria-label={t('gallery.image')}
          aria-describedby={`${id}-tip`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            void take(file);
          }}
        />
        <label htmlFor={id} className={styles.button}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2v8.6l4-4 3 3 2-2 5 5V7H5zm10.5 1a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z"
            />
          </svg>
          {t('gallery.image')}
        </label>
      </div>
      <div className={styles.options}>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={removeWhite}
            onChange={(e) => setRemoveWhite(e.target.checked)}
          />
          {t('gallery.whiteToAlpha')}
        </label>
        <span id={`${id}-tip`} className={styles.tip}>
          {t('gallery.imageTip')}
        </span>
      </div>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {signing && (
        <Suspense fallback={null}>
          <SignatureModal onClose={() => setSigning(false)} onSave={(png) => addSignature(png)} />
        </Suspense>
      )}
    </div>
  );
}
