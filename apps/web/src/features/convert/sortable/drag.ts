/**
 * Reordering by dragging, as a small state machine (STYLE #5): idle, or dragging one item from
 * its index over another. Pure; the list component feeds it pointer events and item boxes.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type DragState =
  | { phase: 'idle' }
  | {
      phase: 'dragging';
      pointerId: number;
      from: number;
      over: number;
      start: Point;
      /** How far the pointer has moved since the grab, in CSS pixels. */
      offset: Point;
      /** The items' boxes when the drag began (they do not move while dragging). */
      boxes: readonly Box[];
    };

export type DragEvent =
  | { type: 'grab'; index: number; pointerId: number; at: Point; boxes: readonly Box[] }
  | { type: 'move'; pointerId: number; at: Point }
  | { type: 'drop'; pointerId: number }
  | { type: 'cancel' };

export const IDLE: DragState = { phase: 'idle' };

/** The item whose centre is nearest the point (a list or a grid alike); -1 with no items. */
export function nearestIndex(point: Point, boxes: readonly Box[]): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  boxes.forEach((box, i) => {
    const dx = point.x - (box.left + box.width / 2);
    const dy = point.y - (box.top + box.height / 2);
    const distance = dx * dx + dy * dy;
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

export function dragReducer(state: DragState, event: DragEvent): DragState {
  switch (event.type) {
    case 'grab':
      if (state.phase !== 'idle' || event.index < 0 || event.index >= event.boxes.length) {
        return state;
      }
      return {
        phase: 'dragging',
        pointerId: event.pointerId,
        from: event.index,
        over: event.index,
        start: event.at,
        offset: { x: 0, y: 0 },
        boxes: event.boxes,
      };
    case 'move': {
      if (state.phase !== 'dragging' || event.pointerId !== state.pointerId) return state;
      const offset = { x: event.at.x - state.start.x, y: event.at.y - state.start.y };
      const over = nearestIndex(event.at, state.boxes);
      return { ...state, offset, over: over < 0 ? state.over : over };
    }
    case 'drop':
      return state.phase === 'dragging' && event.pointerId !== state.pointerId ? state : IDLE;
    case 'cancel':
      return IDLE;
  }
}

/** The move a drop would make now, or null when it would change nothing. */
export function pendingMove(state: DragState): { from: number; to: number } | null {
  if (state.phase !== 'dragging' || state.from === state.over) return null;
  return { from: state.from, to: state.over };
}

/** Index a keyboard key moves an item to, or null for keys that do not move it. */
export function keyTarget(key: string, index: number, count: number): number | null {
  const last = count - 1;
  const target: Record<string, number> = {
    ArrowUp: index - 1,
    ArrowLeft: index - 1,
    ArrowDown: index + 1,
    ArrowRight: index + 1,
    Home: 0,
    End: last,
  };
  const to = target[key];
  if (to === undefined || to < 0 || to > last || to === index) return null;
  return to;
}
