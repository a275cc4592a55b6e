/**
 * Dragging and corner resizing as an explicit little state machine (STYLE #5): idle, dragging,
 * resizing. Each pointer event gives the next state and, while a gesture runs, the stamp's box.
 * Boxes are computed from where the gesture started, never accumulated move by move, so a long
 * drag does not drift and a cancelled one can restore the start.
 */
import {
  type Box,
  type Corner,
  type CssPx,
  moveBox,
  type Rotation,
  resizeFromCorner,
  type Size,
} from './geometry';

interface Pointer {
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
}

export type Gesture =
  | { readonly kind: 'idle' }
  | {
      readonly kind: 'dragging' | 'resizing';
      readonly pointerId: number;
      readonly corner?: Corner;
      readonly startX: number;
      readonly startY: number;
      readonly startBox: Box<CssPx>;
    };

export type GestureEvent =
  | (Pointer & { readonly type: 'down'; readonly on: 'body' | Corner; readonly box: Box<CssPx> })
  | (Pointer & { readonly type: 'move' })
  | { readonly type: 'up' | 'cancel'; readonly pointerId: number };

export interface GestureContext {
  readonly rotate: Rotation;
  /** Keep the stamp inside these bounds while dragging or resizing (the image, the page column). */
  readonly bounds?: Size<CssPx>;
}

export const IDLE: Gesture = { kind: 'idle' };

export interface GestureStep {
  readonly gesture: Gesture;
  /** The stamp's box after this event, when the event changed it. */
  readonly box?: Box<CssPx>;
}

export function stepGesture(state: Gesture, event: GestureEvent, ctx: GestureContext): GestureStep {
  switch (event.type) {
    case 'down':
      if (state.kind !== 'idle') return { gesture: state };
      return {
        gesture: {
          kind: event.on === 'body' ? 'dragging' : 'resizing',
          pointerId: event.pointerId,
          ...(event.on === 'body' ? {} : { corner: event.on }),
          startX: event.x,
          startY: event.y,
          startBox: event.box,
        },
      };
    case 'move': {
      if (state.kind === 'idle' || event.pointerId !== state.pointerId) return { gesture: state };
      const dx = event.x - state.startX;
      const dy = event.y - state.startY;
      const box =
        state.kind === 'dragging' || !state.corner
          ? moveBox(state.startBox, dx, dy, ctx.bounds, ctx.rotate)
          : resizeFromCorner(
              state.startBox,
              ctx.rotate,
              state.corner,
              dx,
              dy,
              undefined,
              ctx.bounds,
            );
      return { gesture: state, box };
    }
    case 'up':
      if (state.kind === 'idle' || event.pointerId !== state.pointerId) return { gesture: state };
      return { gesture: IDLE };
    case 'cancel':
      if (state.kind === 'idle' || event.pointerId !== state.pointerId) return { gesture: state };
      return { gesture: IDLE, box: state.startBox };
  }
}

/** Arrow keys nudge a stamp by one CSS pixel, ten with Shift. Other keys give null. */
export function nudge(
  box: Box<CssPx>,
  key: string,
  shift: boolean,
  ctx: GestureContext,
): Box<CssPx> | null {
  const step = shift ? 10 : 1;
  const delta: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const d = delta[key];
  return d ? moveBox(box, d[0], d[1], ctx.bounds, ctx.rotate) : null;
}
