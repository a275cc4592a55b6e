/**
 * The placement list of a signing screen with its undo history (model/history.ts): both screens'
 * slices change their list only through these, so every change is one undo step (or part of a
 * drag's run) and undo/redo keep the selection only when the selected stamp is still there.
 */
import { type History, record, type redo, type undo } from '../model/history';
import type { SealState } from './index';

type Set = (partial: Partial<SealState>) => void;
type Get = () => SealState;

/** Where a screen keeps its list, history and selection in the store. */
export interface ListKeys<P> {
  read(s: SealState): {
    list: readonly P[];
    history: History<readonly P[]>;
    selected: string | null;
  };
  write(
    list: readonly P[],
    history: History<readonly P[]>,
    selected: string | null,
  ): Partial<SealState>;
}

export function undoableList<P extends { id: string }>(set: Set, get: Get, keys: ListKeys<P>) {
  /** Sets the list, recording the one before as an undo step (in `run`, when given). */
  function commit(next: readonly P[], run: string | null, selected?: string | null): void {
    const now = keys.read(get());
    // A click without a move ends a gesture with the same box: no step for it.
    if (JSON.stringify(now.list) === JSON.stringify(next)) return;
    const history = record(now.history, now.list, run);
    set(keys.write(next, history, selected === undefined ? now.selected : selected));
  }

  /** Changes one placement; returns it as changed. */
  function update(id: string, change: (p: P) => P, run: string | null = null): P | undefined {
    let changed: P | undefined;
    const next = keys.read(get()).list.map((p) => {
      if (p.id !== id) return p;
      changed = change(p);
      return changed;
    });
    commit(next, run);
    return changed;
  }

  function travel(step: typeof undo<readonly P[]> | typeof redo<readonly P[]>): void {
    const now = keys.read(get());
    const moved = step(now.history, now.list);
    if (!moved) return;
    const selected = moved.state.some((p) => p.id === now.selected) ? now.selected : null;
    set(keys.write(moved.state, moved.history, selected));
  }

  return { commit, update, travel };
}
