import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import FileDrop from '../../../components/FileDrop';
import { loadImage } from '../../../files/image';
import { logEngineError } from '../../../files/pdfErrors';
import { useSeal } from '../../../store';
import { imageLooksComplete } from '../../sign/imageComplete';
import styles from './ExtractSection.module.css';

interface Props {
  /** A photo is already chosen: a slim bar to change it. */
  compact: boolean;
  /** The visitor is about to use the box (hover, focus, drag). */
  onIntent(): void;
}

/**
 * Whether the browser can draw the photo at all. A PNG or JPEG that starts right but is cut off
 * or damaged passes the picker's check; the cropper would show it blank and the server answer
 * "no seal", which is not what is wrong (issue 19).
 */
async function readable(file: File): Promise<boolean> {
  if (!imageLooksComplete(new Uint8Array(await file.arrayBuffer()))) return false;
  const url = URL.createObjectURL(file);
  try {
    await loadImage(url);
    return true;
  } catch (error) {
    logEngineError('从照片提取印章', file.name, error);
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** 上传印章照片: the photo to extract a seal from. */
export default function UploadBox({ compact, onIntent }: Props) {
  const { t } = useTranslation();
  const choosePhoto = useSeal((s) => s.choosePhoto);
  const [unreadable, setUnreadable] = useState<string | null>(null);

  async function take(file: File) {
    setUnreadable(null);
    if (await readable(file)) choosePhoto(file, file.name);
    else setUnreadable(file.name);
  }

  return (
    <>
      <FileDrop
        kind="image"
        label={t('extract.upload')}
        cta={compact ? t('extract.change') : t('extract.uploadCta')}
        tip={t('extract.uploadTip')}
        compact={compact}
        onFile={(file) => void take(file)}
        onIntent={onIntent}
      />
      {unreadable && (
        <p role="alert" className={styles.error}>
          {t('extract.unreadable', { file: unreadable })}
        </p>
      )}
    </>
  );
}
