import { type Corner, fromPageFraction, moveBox, nudge, scaleBox } from '@yinzhang/seal/placement';
import type { KeyboardEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { type Placement, useSeal } from '../../store';
import { outerStyle, placedLayout } from './layout';
import styles from './PlacedStamp.module.css';
import { displayedSize, usePlacementGesture } from './usePlacementGesture';

const CORNERS: readonly Corner[] = ['nw', 'ne', 'sw', 'se'];
/** One press of + or − scales by this much. */
const KEY_SCALE = 1.1;

interface Props {
  placement: Placement;
  label: string;
  natural: { width: number; height: number };
  stageRef: RefObject<HTMLElement | null>;
  keysHintId: string;
}

/**
 * A stamp on the image: drag to move, corners to resize; when selected, 旋转 and 删除 buttons.
 * Focusable: arrows nudge (Shift ×10), + / − resize, R rotates, Delete or Backspace removes.
 */
export default function PlacedStamp({ placement, label, natural, stageRef, keysHintId }: Props) {
  const { t } = useTranslation();
  const selected = useSeal((s) => s.selectedPlacement === placement.id);
  const selectStamp = useSeal((s) => s.selectStamp);
  const moveStamp = useSeal((s) => s.moveStamp);
  const resizeStamp = useSeal((s) => s.resizeStamp);
  const rotateStamp = useSeal((s) => s.rotateStamp);
  const removeStamp = useSeal((s) => s.removeStamp);
  const gesture = usePlacementGesture(placement, stageRef);
  const { outer, inner, toolbar } = placedLayout(placement.box, placement.rotate, natural);
  const page = () => displayedSize(stageRef.current);

  function remove() {
    removeStamp(placement.id);
    // The focused stamp is gone: the image keeps the focus in place.
    stageRef.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    const size = page();
    const box = fromPageFraction(placement.box, size);
    const ctx = { rotate: placement.rotate, bounds: size };
    const nudged = nudge(box, e.key, e.shiftKey, ctx);
    if (nudged) moveStamp(placement.id, nudged, size);
    else if (e.key === 'Delete' || e.key === 'Backspace') remove();
    else if (e.key === 'r' || e.key === 'R') rotateStamp(placement.id, size);
    else if (e.key === '+' || e.key === '=' || e.key === '-' || e.key === '_') {
      const factor = e.key === '+' || e.key === '=' ? KEY_SCALE : 1 / KEY_SCALE;
      const scaled = moveBox(scaleBox(box, factor), 0, 0, size, placement.rotate);
      resizeStamp(placement.id, scaled, size);
    } else if (e.key === 'Escape') selectStamp(null);
    else return;
    e.preventDefault();
  }

  return (
    <div
      className={`${styles.placed} ${selected ? styles.selected : ''}`}
      style={outerStyle(outer)}
      data-placement={placement.id}
    >
      <button
        type="button"
        aria-label={label}
        aria-pressed={selected}
        aria-describedby={keysHintId}
        className={styles.body}
        onFocus={() => selectStamp(placement.id)}
        onKeyDown={onKeyDown}
        {...gesture.body}
      >
        <img
          className={styles.image}
          src={placement.src}
          alt=""
          draggable={false}
          style={{
            left: `${inner.left}%`,
            top: `${inner.top}%`,
            width: `${inner.width}%`,
            height: `${inner.height}%`,
            transform: `rotate(${placement.rotate}deg)`,
          }}
        />
      </button>
      {selected &&
        CORNERS.map((corner) => (
          <span
            key={corner}
            className={styles.handle}
            data-corner={corner}
            aria-hidden="true"
            {...gesture.corner(corner)}
          />
        ))}
      {selected && (
        <div className={`${styles.toolbar} ${styles[toolbar]}`}>
          <button
            type="button"
            className={styles.tool}
            aria-label={t('sign.rotate')}
            title={t('sign.rotate')}
            onClick={() => rotateStamp(placement.id, page())}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {/* Clockwise, as the stamp turns. */}
              <path
                fill="currentColor"
                transform="matrix(-1 0 0 1 24 0)"
                d="M12 4a8 8 0 1 1-7.7 10h2.1A6 6 0 1 0 12 6v3L7.5 5 12 1v3z"
              />
            </svg>
          </button>
          <button
            type="button"
            className={styles.tool}
            aria-label={t('sign.remove')}
            title={t('sign.remove')}
            onClick={remove}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
              />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
