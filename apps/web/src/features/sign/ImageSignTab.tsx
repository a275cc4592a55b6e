import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FileDrop from '../../components/FileDrop';
import { loadImage } from '../../files/image';
import { logEngineError } from '../../files/pdfErrors';
import { type StampEntry, sealStore, useSeal } from '../../store';
import StampGallery from '../gallery/StampGallery';
import CloseDocument from './CloseDocument';
import { imageLooksComplete } from './imageComplete';
import SaveSigned from './SaveSigned';
import styles from './SignLayout.module.css';
import SignStage from './SignStage';
import { displayedSize } from './usePlacementGesture';

/** 图片签章: choose an image, place stamps from the gallery on it, and save it as a PNG. */
export default function ImageSignTab() {
  const { t } = useTranslation();
  const stageRef = useRef<HTMLElement>(null);
  const imageName = useSeal((s) => s.signImage?.name ?? null);
  const hasImage = imageName !== null;
  const closeSignImage = useSeal((s) => s.closeSignImage);
  const chooseSignImage = useSeal((s) => s.chooseSignImage);
  const placeStamp = useSeal((s) => s.placeStamp);
  const [notice, setNotice] = useState<string | null>(null);

  async function choose(file: File) {
    setNotice(null);
    // The browser would draw a cut-off file with its missing rows blank: refuse it instead.
    if (!imageLooksComplete(new Uint8Array(await file.arrayBuffer()))) {
      setNotice(t('sign.unreadable', { file: file.name }));
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      const img = await loadImage(url);
      chooseSignImage({
        url,
        file,
        name: file.name,
        width: img.naturalWidth,
        height: img.naturalHeight,
      });
    } catch (error) {
      URL.revokeObjectURL(url);
      logEngineError('图片签章', file.name, error);
      setNotice(t('sign.unreadable', { file: file.name }));
    }
  }

  async function place(entry: StampEntry) {
    if (!sealStore.getState().signImage) {
      setNotice(t('sign.needImage'));
      return;
    }
    setNotice(null);
    const img = await loadImage(entry.url).catch(() => null);
    const stage = stageRef.current;
    if (!img || !stage) return;
    placeStamp(entry, img.naturalWidth / img.naturalHeight, displayedSize(stage));
    // On a phone the gallery sits above the image: bring the new stamp into view.
    stage.scrollIntoView?.({ block: 'nearest' });
  }

  // DOM order is the phone's reading order (picker, gallery, image); wide screens put the
  // gallery in a side column.
  return (
    <div className={styles.layout}>
      <div className={styles.head}>
        <h2 className={styles.title}>{t('tabs.sign')}</h2>
        <FileDrop
          kind="image"
          label={t('sign.choose')}
          cta={hasImage ? t('sign.change') : t('sign.chooseCta')}
          tip={t('sign.tip')}
          compact={hasImage}
          onFile={(file) => void choose(file)}
        />
        {hasImage && (
          <CloseDocument
            label={t('sign.close')}
            note={t('sign.kept', { name: imageName })}
            onClose={closeSignImage}
          />
        )}
        {notice && (
          <p role="alert" className={styles.notice}>
            {notice}
          </p>
        )}
      </div>
      <aside className={styles.side}>
        <StampGallery onPick={(entry) => void place(entry)} hint={t('gallery.pickHint')} />
      </aside>
      <div className={styles.work}>
        {hasImage ? (
          <SignStage stageRef={stageRef} />
        ) : (
          <p className={styles.hint}>{t('sign.hint')}</p>
        )}
        <SaveSigned />
      </div>
    </div>
  );
}
