import { describe, expect, it } from 'vitest';
import { DrawQueue, drawQueueFor } from './drawQueue';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('DrawQueue', () => {
  it('runs one draw at a time, in the order asked, and passes the turn on when one ends', async () => {
    const queue = new DrawQueue();
    const started: string[] = [];
    const ends: Record<string, () => void> = {};
    for (const name of ['a', 'b', 'c']) {
      void queue.take().then((end) => {
        started.push(name);
        ends[name] = end;
      });
    }
    await tick();
    expect(started).toEqual(['a']);
    ends.a?.();
    // Ending twice does not free a second place.
    ends.a?.();
    await tick();
    expect(started).toEqual(['a', 'b']);
    ends.b?.();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('allows as many at once as its limit', async () => {
    const queue = new DrawQueue(2);
    let started = 0;
    for (let i = 0; i < 3; i++) void queue.take().then(() => started++);
    await tick();
    expect(started).toBe(2);
  });

  it('keeps one queue per document', () => {
    const a = {};
    expect(drawQueueFor(a)).toBe(drawQueueFor(a));
    expect(drawQueueFor(a)).not.toBe(drawQueueFor({}));
  });
});
