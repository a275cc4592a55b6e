/** Pure operations on ordered lists of items with ids (the merge list, the image list). */

export interface Identified {
  readonly id: string;
}

/** The item at `from` moved to index `to` (both clamped to the list); the same list if nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (list.length === 0) return list;
  const last = list.length - 1;
  const a = Math.min(Math.max(from, 0), last);
  const b = Math.min(Math.max(to, 0), last);
  if (a === b || from !== a) return list;
  const next = [...list];
  const [item] = next.splice(a, 1) as [T];
  next.splice(b, 0, item);
  return next;
}

/** Moves the item with `id` by `delta` places (-1 up, +1 down); the same list at either end. */
export function moveById<T extends Identified>(
  list: readonly T[],
  id: string,
  delta: number,
): readonly T[] {
  const from = list.findIndex((item) => item.id === id);
  if (from < 0) return list;
  return moveItem(list, from, from + delta);
}

export function removeById<T extends Identified>(list: readonly T[], id: string): readonly T[] {
  const next = list.filter((item) => item.id !== id);
  return next.length === list.length ? list : next;
}

export function updateById<T extends Identified>(
  list: readonly T[],
  id: string,
  patch: Partial<T>,
): readonly T[] {
  let changed = false;
  const next = list.map((item) => {
    if (item.id !== id) return item;
    changed = true;
    return { ...item, ...patch };
  });
  return changed ? next : list;
}

let seq = 0;
/** An id unique within this page's life. */
export function newId(prefix: string): string {
  seq += 1;
  return `${prefix}${seq}`;
}
