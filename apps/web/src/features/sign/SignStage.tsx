import { type RefObject, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeal } from '../../store';
import { stampLabel } from '../gallery/labels';
import ImageUndoBar from './ImageUndoBar';
import PlacedStamp from './PlacedStamp';
import styles from './SignStage.module.css';

interface Props {
  stageRef: RefObject<HTMLElement | null>;
}

/** The image fitted to the screen, with the stamps placed on it. */
export default function SignStage({ stageRef }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const image = useSeal((s) => s.signImage);
  const placements = useSeal((s) => s.placements);
  const stamps = useSeal((s) => s.stamps);
  const selected = useSeal((s) => s.selectedPlacement);
  const selectStamp = useSeal((s) => s.selectStamp);

  // SPEC §4: clicking anywhere but the selected stamp (or its buttons) deselects it.
  useEffect(() => {
    if (!selected) return;
    const onDown = (e: PointerEvent) => {
      const target = e.target instanceof Element ? e.target : null;
      if (!target?.closest(`[data-placement="${selected}"]`)) selectStamp(null);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [selected, selectStamp]);

  if (!image) return null;
  const natural = { width: image.width, height: image.height };

  return (
    <div className={styles.frame}>
      <ImageUndoBar />
      <section ref={stageRef} className={styles.stage} aria-label={t('sign.stage')} tabIndex={-1}>
        <img
          className={styles.image}
          src={image.url}
          alt={t('sign.image')}
          width={image.width}
          height={image.height}
          draggable={false}
        />
        {placements.map((p) => {
          const entry = stamps.find((e) => e.id === p.stampId);
          const name = entry ? stampLabel(entry, t) : t('gallery.sealUnnamed');
          return (
            <PlacedStamp
              key={p.id}
              placement={p}
              label={t('sign.placed', { name })}
              natural={natural}
              stageRef={stageRef}
              keysHintId={`${id}-keys`}
            />
          );
        })}
      </section>
      <p id={`${id}-keys`} className={styles.keys}>
        {t('sign.keys')}
      </p>
    </div>
  );
}
