import { describe, expect, it } from 'vitest';
import { groupCommit } from '../src/db/group-commit';

/** A write that records its batches and finishes when told to. */
function recorder(fail?: (items: readonly number[]) => boolean) {
  const batches: number[][] = [];
  const write = async (items: readonly number[]) => {
    batches.push([...items]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (fail?.(items)) throw new Error('disk full');
  };
  return { batches, write };
}

describe('groupCommit', () => {
  it.each([
    { calls: 1, maxBatch: 10, batches: [[0]] },
    { calls: 5, maxBatch: 10, batches: [[0, 1, 2, 3, 4]] },
    { calls: 5, maxBatch: 2, batches: [[0, 1], [2, 3], [4]] },
  ])('writes $calls concurrent calls in batches of at most $maxBatch', async (row) => {
    const { batches, write } = recorder();
    const record = groupCommit(write, row.maxBatch);
    await Promise.all(Array.from({ length: row.calls }, (_, i) => record(i)));
    expect(batches).toEqual(row.batches);
  });

  it('collects calls made while a write runs into the next batch', async () => {
    const { batches, write } = recorder();
    const record = groupCommit(write, 100);
    const first = record(0);
    await new Promise((resolve) => setImmediate(resolve)); // the first write has started
    const later = [record(1), record(2)];
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[0], [1, 2]]);
  });

  it('resolves a call only once its batch is written, and rejects every call of a failed batch', async () => {
    const { write } = recorder((items) => items.includes(1));
    const record = groupCommit(write, 2);
    const settled = await Promise.allSettled([record(0), record(1), record(2)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    // A failure does not stop later batches.
    await expect(record(3)).resolves.toBeUndefined();
  });

  it.each([
    {
      label: 'an error it accepts: the batch again item by item, only the bad item rejects',
      accepts: true,
      statuses: ['fulfilled', 'rejected', 'fulfilled'],
      batches: [[0, 1, 2], [0], [1], [2]],
    },
    {
      label: 'another error: the whole batch rejects at once',
      accepts: false,
      statuses: ['rejected', 'rejected', 'rejected'],
      batches: [[0, 1, 2]],
    },
  ])('with aloneOnFailure, after $label', async (row) => {
    const { batches, write } = recorder((items) => items.includes(1));
    const record = groupCommit(write, 10, { aloneOnFailure: () => row.accepts });
    const settled = await Promise.allSettled([record(0), record(1), record(2)]);
    expect(settled.map((s) => s.status)).toEqual(row.statuses);
    expect(batches).toEqual(row.batches);
  });
});
