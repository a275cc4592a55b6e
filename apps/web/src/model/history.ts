/**
 * Undo/redo for a list of placements (issue 18, item 3): snapshots of the list before each change.
 * A drag or resize changes the list on every pointer move; those changes share a `run` key
 * (e.g. `change:p1`) and make one step together, until `endRun` (the next pointer down) or a change
 * with another key. Pure: the store keeps a History next to the list it guards.
 */

/** How many steps are kept; older ones are dropped. */
export const HISTORY_LIMIT = 100;

export interface History<T> {
  /** Earlier states, oldest first. */
  readonly past: readonly T[];
  /** States undone, the next redo last. */
  readonly future: readonly T[];
  /** The run the newest past entry belongs to; null: the next change starts a new step. */
  readonly run: string | null;
}

export function emptyHistory<T>(): History<T> {
  return { past: [], future: [], run: null };
}

/**
 * Records that the state is about to change from `before`. A change in the same run as the last
 * one adds no step (the step's `before` is the state when the run began). Any change drops redo.
 */
export function record<T>(history: History<T>, before: T, run: string | null = null): History<T> {
  if (run !== null && history.run === run && history.past.length > 0) {
    return history.future.length ? { ...history, future: [] } : history;
  }
  const past = [...history.past, before].slice(-HISTORY_LIMIT);
  return { past, future: [], run };
}

/** The next change starts a new step even in the same run. */
export function endRun<T>(history: History<T>): History<T> {
  return history.run === null ? history : { ...history, run: null };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.past.length > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.future.length > 0;
}

/** The state to go back to and the history after it; null when there is nothing to undo. */
export function undo<T>(history: History<T>, present: T): { state: T; history: History<T> } | null {
  const state = history.past.at(-1);
  if (state === undefined) return null;
  return {
    state,
    history: { past: history.past.slice(0, -1), future: [...history.future, present], run: null },
  };
}

/** The state undone last and the history after it; null when there is nothing to redo. */
export function redo<T>(history: History<T>, present: T): { state: T; history: History<T> } | null {
  const state = history.future.at(-1);
  if (state === undefined) return null;
  return {
    state,
    history: { past: [...history.past, present], future: history.future.slice(0, -1), run: null },
  };
}
