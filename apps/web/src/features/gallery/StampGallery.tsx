import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type StampEntry, useSeal } from '../../store';
import AddStamps from './AddStamps';
import styles from './StampGallery.module.css';
import StampTile from './StampTile';

interface Props {
  /** What clicking a stamp does (place it); without it the stamps are shown only. */
  onPick?(entry: StampEntry): void;
  hint?: string;
}

/** 我的印章: every stamp the visitor has, with 手写签名 and 本地图片 to add more. */
export default function StampGallery({ onPick, hint }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const stamps = useSeal((s) => s.stamps);
  const loaded = useSeal((s) => s.galleryLoaded);

  return (
    <section className={styles.gallery} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('gallery.title')}
      </h2>
      {stamps.length > 0 ? (
        <>
          {hint && <p className={styles.hint}>{hint}</p>}
          <ul className={styles.list} aria-busy={!loaded}>
            {stamps.map((entry) => (
              <StampTile key={entry.id} entry={entry} onPick={onPick} />
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.empty}>{loaded ? t('gallery.empty') : '…'}</p>
      )}
      <AddStamps />
    </section>
  );
}
