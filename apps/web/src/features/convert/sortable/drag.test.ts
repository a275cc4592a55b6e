import { describe, expect, it } from 'vitest';
import {
  type Box,
  type DragState,
  dragReducer,
  IDLE,
  keyTarget,
  nearestIndex,
  pendingMove,
} from './drag';

// Three rows 40 px high, 10 px apart.
const rows: Box[] = [0, 50, 100].map((top) => ({ left: 0, top, width: 300, height: 40 }));
// A 2 x 2 grid of 100 px cards.
const grid: Box[] = [
  { left: 0, top: 0, width: 100, height: 100 },
  { left: 110, top: 0, width: 100, height: 100 },
  { left: 0, top: 110, width: 100, height: 100 },
  { left: 110, top: 110, width: 100, height: 100 },
];

describe('nearestIndex', () => {
  it.each([
    [{ x: 150, y: 5 }, rows, 0],
    [{ x: 150, y: 70 }, rows, 1],
    [{ x: 10, y: 500 }, rows, 2],
    [{ x: 150, y: -100 }, rows, 0],
    [{ x: 200, y: 20 }, grid, 1],
    [{ x: 20, y: 190 }, grid, 2],
    [{ x: 300, y: 300 }, grid, 3],
    [{ x: 0, y: 0 }, [], -1],
  ])('%o -> %i', (point, boxes, expected) => {
    expect(nearestIndex(point, boxes)).toBe(expected);
  });
});

describe('dragReducer', () => {
  const grab = (index: number): DragState =>
    dragReducer(IDLE, { type: 'grab', index, pointerId: 1, at: { x: 150, y: 20 }, boxes: rows });

  it('grabs an item and follows the pointer to the nearest item', () => {
    const dragging = grab(0);
    expect(dragging).toMatchObject({ phase: 'dragging', from: 0, over: 0 });
    const moved = dragReducer(dragging, { type: 'move', pointerId: 1, at: { x: 160, y: 118 } });
    expect(moved).toMatchObject({ from: 0, over: 2, offset: { x: 10, y: 98 } });
    expect(pendingMove(moved)).toEqual({ from: 0, to: 2 });
    expect(dragReducer(moved, { type: 'drop', pointerId: 1 })).toBe(IDLE);
  });

  it('ignores other pointers and a second grab', () => {
    const dragging = grab(1);
    expect(dragReducer(dragging, { type: 'move', pointerId: 2, at: { x: 0, y: 999 } })).toBe(
      dragging,
    );
    expect(dragReducer(dragging, { type: 'drop', pointerId: 2 })).toBe(dragging);
    expect(
      dragReducer(dragging, {
        type: 'grab',
        index: 0,
        pointerId: 2,
        at: { x: 0, y: 0 },
        boxes: rows,
      }),
    ).toBe(dragging);
  });

  it('moves nothing when dropped where it started, or cancelled', () => {
    const dragging = grab(1);
    expect(pendingMove(dragging)).toBeNull();
    const moved = dragReducer(dragging, { type: 'move', pointerId: 1, at: { x: 0, y: 0 } });
    expect(dragReducer(moved, { type: 'cancel' })).toBe(IDLE);
    expect(pendingMove(IDLE)).toBeNull();
  });

  it('does not grab an index outside the list', () => {
    const state = dragReducer(IDLE, {
      type: 'grab',
      index: 5,
      pointerId: 1,
      at: { x: 0, y: 0 },
      boxes: rows,
    });
    expect(state).toBe(IDLE);
  });

  it('moves while idle do nothing', () => {
    expect(dragReducer(IDLE, { type: 'move', pointerId: 1, at: { x: 0, y: 0 } })).toBe(IDLE);
  });
});

describe('keyTarget', () => {
  it.each([
    ['ArrowUp', 1, 3, 0],
    ['ArrowLeft', 2, 3, 1],
    ['ArrowDown', 0, 3, 1],
    ['ArrowRight', 1, 3, 2],
    ['Home', 2, 3, 0],
    ['End', 0, 3, 2],
    ['ArrowUp', 0, 3, null],
    ['ArrowDown', 2, 3, null],
    ['Home', 0, 3, null],
    ['Enter', 1, 3, null],
  ])('%s from %i of %i -> %s', (key, index, count, expected) => {
    expect(keyTarget(key, index, count)).toBe(expected);
  });
});
