import {
  type Corner,
  type CssPx,
  type Gesture,
  IDLE,
  moveBox,
  nudge,
  scaleBox,
  stepGesture,
  toPageFraction,
} from '@yinzhang/seal/placement';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { type ColumnLayout, pageToColumn } from '../../model/column';
import { useSeal } from '../../store';
import type { PdfPlacement } from '../../store/pdfsign';
import { outerStyle, placedLayout } from '../sign/layout';
import stampStyles from '../sign/PlacedStamp.module.css';
import StampControls from '../sign/StampControls';

const KEY_SCALE = 1.1;

interface Props {
  placement: PdfPlacement;
  /** The page this copy is drawn on (a batch stamp shows on every page). */
  page: number;
  layout: ColumnLayout;
  label: string;
  keysHintId: string;
  /** A batch stamp's copy on another page: shown only. */
  copy?: boolean;
}

/**
 * A stamp on the PDF, positioned in the page column: drag (also across the gap to the next
 * page), corners resize, 旋转 / 删除 when selected, and the image tab's keys. The geometry is the
 * placement kernel's, with the whole column as the bounds.
 */
export default function PdfPlacedStamp({
  placement,
  page,
  layout,
  label,
  keysHintId,
  copy,
}: Props) {
  const selected = useSeal((s) => s.pdfSelected === placement.id) && !copy;
  const select = useSeal((s) => s.selectPdfStamp);
  const move = useSeal((s) => s.movePdfStamp);
  const resize = useSeal((s) => s.resizePdfStamp);
  const rotate = useSeal((s) => s.rotatePdfStamp);
  const remove = useSeal((s) => s.removePdfStamp);
  const endRun = useSeal((s) => s.endPdfStampRun);
  const gesture = useRef<Gesture>(IDLE);

  const column = { width: layout.width as CssPx, height: layout.height as CssPx };
  const box = pageToColumn(layout, page, placement.box);
  const { outer, inner, toolbar } = placedLayout(
    toPageFraction(box, column),
    placement.rotate,
    column,
  );
  const ctx = { rotate: placement.rotate, bounds: column };

  const image = (
    <img
      className={stampStyles.image}
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
  );

  if (copy) {
    return (
      <div
        className={stampStyles.placed}
        style={{ ...outerStyle(outer), pointerEvents: 'none', zIndex: 1 }}
        data-batch-copy={placement.id}
        data-on-page={page + 1}
      >
        {image}
      </div>
    );
  }

  const down = (on: 'body' | Corner) => (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    select(placement.id);
    // Each drag or resize is its own undo step.
    endRun();
    const step = stepGesture(
      gesture.current,
      { type: 'down', pointerId: e.pointerId, x: e.clientX, y: e.clientY, on, box },
      ctx,
    );
    if (step.gesture === gesture.current) return;
    gesture.current = step.gesture;
    e.currentTarget.setPointerCapture(e.pointerId);
    if (on !== 'body') e.preventDefault();
  };
  const onMove = (e: PointerEvent<HTMLElement>) => {
    const state = gesture.current;
    if (state.kind === 'idle') return;
    const step = stepGesture(
      state,
      { type: 'move', pointerId: e.pointerId, x: e.clientX, y: e.clientY },
      ctx,
    );
    if (!step.box) return;
    if (state.kind === 'resizing') resize(placement.id, step.box, layout);
    else move(placement.id, step.box, layout);
  };
  const end = (e: PointerEvent<HTMLElement>) => {
    const type = e.type === 'pointercancel' ? 'cancel' : 'up';
    const step = stepGesture(gesture.current, { type, pointerId: e.pointerId }, ctx);
    gesture.current = step.gesture;
    if (step.box) move(placement.id, step.box, layout);
  };
  const handlers = (on: 'body' | Corner) => ({
    onPointerDown: down(on),
    onPointerMove: onMove,
    onPointerUp: end,
    onPointerCancel: end,
    onLostPointerCapture: end,
  });

  function onKeyDown(e: KeyboardEvent) {
    // Each key press is its own undo step.
    endRun();
    const nudged = nudge(box, e.key, e.shiftKey, ctx);
    if (nudged) move(placement.id, nudged, layout);
    else if (e.key === 'Delete' || e.key === 'Backspace') remove(placement.id);
    else if (e.key === 'r' || e.key === 'R') rotate(placement.id, layout);
    else if (e.key === '+' || e.key === '=' || e.key === '-' || e.key === '_') {
      const factor = e.key === '+' || e.key === '=' ? KEY_SCALE : 1 / KEY_SCALE;
      resize(placement.id, moveBox(scaleBox(box, factor), 0, 0, column, placement.rotate), layout);
    } else if (e.key === 'Escape') select(null);
    else return;
    e.preventDefault();
  }

  return (
    <div
      className={`${stampStyles.placed} ${selected ? stampStyles.selected : ''}`}
      style={{ ...outerStyle(outer), zIndex: 2 }}
      data-placement={placement.id}
      data-on-page={page + 1}
    >
      <button
        type="button"
        aria-label={label}
        aria-pressed={selected}
        aria-describedby={keysHintId}
        className={stampStyles.body}
        onFocus={() => select(placement.id)}
        onKeyDown={onKeyDown}
        {...handlers('body')}
      >
        {image}
      </button>
      {selected && (
        <StampControls
          toolbar={toolbar}
          cornerHandlers={handlers}
          onRotate={() => rotate(placement.id, layout)}
          onRemove={() => remove(placement.id)}
        />
      )}
    </div>
  );
}
