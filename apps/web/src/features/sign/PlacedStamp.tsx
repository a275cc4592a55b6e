import { fromPageFraction, moveBox, nudge, STAMP_SIZE, scaleBox } from '@yinzhang/seal/placement';
import type { KeyboardEvent, RefObject } from 'react';
import { type Placement, useSeal } from '../../store';
import { outerStyle, placedLayout } from './layout';
import styles from './PlacedStamp.module.css';
import StampControls from './StampControls';
import { displayedSize, usePlacementGesture } from './usePlacementGesture';

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
  const selected = useSeal((s) => s.selectedPlacement === placement.id);
  const selectStamp = useSeal((s) => s.selectStamp);
  const moveStamp = useSeal((s) => s.moveStamp);
  const resizeStamp = useSeal((s) => s.resizeStamp);
  const rotateStamp = useSeal((s) => s.rotateStamp);
  const removeStamp = useSeal((s) => s.removeStamp);
  const endStampRun = useSeal((s) => s.endStampRun);
  const gesture = usePlacementGesture(placement, stageRef);
  const { outer, inner, toolbar } = placedLayout(placement.box, placement.rotate, natural);
  const page = () => displayedSize(stageRef.current);

  function remove() {
    removeStamp(placement.id);
    // The focused stamp is gone: the image keeps the focus in place.
    stageRef.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    // Each key press is its own undo step.
    endStampRun();
    const size = page();
    const box = fromPageFraction(placement.box, size);
    const ctx = { rotate: placement.rotate, bounds: size };
    const nudged = nudge(box, e.key, e.shiftKey, ctx);
    if (nudged) moveStamp(placement.id, nudged, size);
    else if (e.key === 'Delete' || e.key === 'Backspace') remove();
    else if (e.key === 'r' || e.key === 'R') rotateStamp(placement.id, size);
    else if (e.key === '+' || e.key === '=' || e.key === '-' || e.key === '_') {
      const factor = e.key === '+' || e.key === '=' ? KEY_SCALE : 1 / KEY_SCALE;
      // Never larger than the image (issue 18), at any quarter turn.
      const max = Math.max(STAMP_SIZE.min, Math.min(STAMP_SIZE.max, size.width, size.height));
      const scaled = moveBox(
        scaleBox(box, factor, { min: STAMP_SIZE.min, max }),
        0,
        0,
        size,
        placement.rotate,
      );
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
      {selected && (
        <StampControls
          toolbar={toolbar}
          cornerHandlers={gesture.corner}
          onRotate={() => rotateStamp(placement.id, page())}
          onRemove={remove}
        />
      )}
    </div>
  );
}
