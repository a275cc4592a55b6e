import {
  type Corner,
  type CssPx,
  fromPageFraction,
  type Gesture,
  IDLE,
  type Size,
  stepGesture,
} from '@yinzhang/seal/placement';
import { type PointerEvent, type RefObject, useRef } from 'react';
import { type Placement, useSeal } from '../../store';

/** The image's size on screen now, in CSS px. */
export function displayedSize(stage: HTMLElement | null): Size<CssPx> {
  const rect = stage?.getBoundingClientRect();
  return { width: (rect?.width ?? 0) as CssPx, height: (rect?.height ?? 0) as CssPx };
}

/**
 * Pointer handlers for a placed stamp's body (drag) and corners (resize), driving the kernel's
 * gesture state machine. The pointer is captured, so the gesture follows it off the stamp.
 */
export function usePlacementGesture(placement: Placement, stageRef: RefObject<HTMLElement | null>) {
  const gesture = useRef<Gesture>(IDLE);
  const page = useRef<Size<CssPx>>({ width: 0 as CssPx, height: 0 as CssPx });
  const selectStamp = useSeal((s) => s.selectStamp);
  const moveStamp = useSeal((s) => s.moveStamp);
  const resizeStamp = useSeal((s) => s.resizeStamp);
  const endStampRun = useSeal((s) => s.endStampRun);
  const ctx = () => ({ rotate: placement.rotate, bounds: page.current });

  const down = (on: 'body' | Corner) => (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    selectStamp(placement.id);
    // Each drag or resize is its own undo step.
    endStampRun();
    page.current = displayedSize(stageRef.current);
    const box = fromPageFraction(placement.box, page.current);
    const step = stepGesture(
      gesture.current,
      { type: 'down', pointerId: e.pointerId, x: e.clientX, y: e.clientY, on, box },
      ctx(),
    );
    if (step.gesture === gesture.current) return;
    gesture.current = step.gesture;
    e.currentTarget.setPointerCapture(e.pointerId);
    // A corner is not focusable: keep the focus on the stamp.
    if (on !== 'body') e.preventDefault();
  };

  const move = (e: PointerEvent<HTMLElement>) => {
    const state = gesture.current;
    if (state.kind === 'idle') return;
    const step = stepGesture(
      state,
      { type: 'move', pointerId: e.pointerId, x: e.clientX, y: e.clientY },
      ctx(),
    );
    if (!step.box) return;
    if (state.kind === 'resizing') resizeStamp(placement.id, step.box, page.current);
    else moveStamp(placement.id, step.box, page.current);
  };

  const end = (e: PointerEvent<HTMLElement>) => {
    const type = e.type === 'pointercancel' ? 'cancel' : 'up';
    const step = stepGesture(gesture.current, { type, pointerId: e.pointerId }, ctx());
    gesture.current = step.gesture;
    if (step.box) moveStamp(placement.id, step.box, page.current);
  };

  const handlers = (on: 'body' | Corner) => ({
    onPointerDown: down(on),
    onPointerMove: move,
    onPointerUp: end,
    onPointerCancel: end,
    onLostPointerCapture: end,
  });

  return { body: handlers('body'), corner: handlers };
}
