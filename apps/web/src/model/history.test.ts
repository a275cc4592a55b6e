import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  emptyHistory,
  endRun,
  HISTORY_LIMIT,
  type History,
  record,
  redo,
  undo,
} from './history';

type Op = { change: string; run?: string } | { undo: true } | { redo: true } | { endRun: true };

/** Plays ops on a string state ("" at first): a change records the state and becomes it. */
function play(ops: readonly Op[]): { state: string; history: History<string> } {
  let state = '';
  let history = emptyHistory<string>();
  for (const op of ops) {
    if ('change' in op) {
      history = record(history, state, op.run ?? null);
      state = op.change;
    } else if ('undo' in op) {
      const back = undo(history, state);
      if (back) ({ state, history } = back);
    } else if ('redo' in op) {
      const forward = redo(history, state);
      if (forward) ({ state, history } = forward);
    } else history = endRun(history);
  }
  return { state, history };
}

describe('history', () => {
  it.each<[string, Op[], string, number, number]>([
    ['nothing', [], '', 0, 0],
    ['one change', [{ change: 'a' }], 'a', 1, 0],
    ['undo one', [{ change: 'a' }, { undo: true }], '', 0, 1],
    ['undo then redo', [{ change: 'a' }, { undo: true }, { redo: true }], 'a', 1, 0],
    ['undo with nothing to undo', [{ undo: true }], '', 0, 0],
    ['redo with nothing to redo', [{ change: 'a' }, { redo: true }], 'a', 1, 0],
    ['two undos', [{ change: 'a' }, { change: 'b' }, { undo: true }, { undo: true }], '', 0, 2],
    ['a change drops redo', [{ change: 'a' }, { undo: true }, { change: 'b' }], 'b', 1, 0],
    [
      'a drag is one step',
      [{ change: 'a' }, { change: 'b', run: 'm' }, { change: 'c', run: 'm' }, { undo: true }],
      'a',
      1,
      1,
    ],
    [
      'a new pointer down ends the run',
      [{ change: 'b', run: 'm' }, { endRun: true }, { change: 'c', run: 'm' }, { undo: true }],
      'b',
      1,
      1,
    ],
    [
      'another run key is another step',
      [{ change: 'b', run: 'm' }, { change: 'c', run: 'n' }, { undo: true }],
      'b',
      1,
      1,
    ],
    [
      'an undo ends the run',
      [
        { change: 'b', run: 'm' },
        { change: 'c', run: 'm' },
        { undo: true },
        { change: 'd', run: 'm' },
        { undo: true },
      ],
      '',
      0,
      1,
    ],
    [
      'a change in the run after an undo drops redo',
      [
        { change: 'a' },
        { change: 'b', run: 'm' },
        { undo: true },
        { redo: true },
        { change: 'c', run: 'm' },
      ],
      'c',
      3,
      0,
    ],
  ])('%s', (_name, ops, state, past, future) => {
    const result = play(ops);
    expect(result.state).toBe(state);
    expect(result.history.past).toHaveLength(past);
    expect(result.history.future).toHaveLength(future);
    expect(canUndo(result.history)).toBe(past > 0);
    expect(canRedo(result.history)).toBe(future > 0);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    const ops = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) => ({ change: String(i + 1) }));
    const { history } = play(ops);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe('5');
  });
});
