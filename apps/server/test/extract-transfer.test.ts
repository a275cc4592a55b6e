/**
 * Which bytes of an extract worker's answer move to the main thread (src/extract/transfer.ts):
 * only buffers a view covers whole, never a slice of Node's shared Buffer pool; and which a job
 * frees when it is done with them (src/extract/release.ts), by the same rule.
 */
import { describe, expect, it } from 'vitest';
import { releaseBuffers } from '../src/extract/release';
import { movableBuffers } from '../src/extract/transfer';

const whole = (n: number) => new Uint8Array(new ArrayBuffer(n));

describe('movableBuffers', () => {
  const png = whole(300);
  const crop = whole(500);
  // Buffer.from of a short string is a slice of the shared pool (offset or length differ).
  const pooled = Buffer.from('a short png');
  const shared = new Uint8Array(new SharedArrayBuffer(16));
  const slice = whole(64).subarray(8, 40);
  const same = whole(32);

  it.each([
    [
      'parse answer: both images move',
      { png, crop, width: 1, height: 1 },
      [png.buffer, crop.buffer],
    ],
    ['gray answer: the PNG moves', { png, width: 1, height: 1 }, [png.buffer]],
    ['a pooled Buffer is copied, not detached', { png: pooled, crop }, [crop.buffer]],
    ['a view of part of a buffer is copied', { png: slice }, []],
    ['shared memory is never transferred', { png: shared }, []],
    ['one buffer behind both fields moves once', { png: same, crop: same }, [same.buffer]],
    ['a check answer has no images', { ok: true, threadId: 1 }, []],
  ] as const)('%s', (_name, result, expected) => {
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    expect(movableBuffers(result)).toEqual(expected);
  });
});

describe('releaseBuffers', () => {
  it.each([
    ['a whole Uint8Array is freed', () => whole(1 << 20), 0],
    ['a whole Uint8ClampedArray is freed', () => new Uint8ClampedArray(4096), 0],
    ['a pooled Buffer is left to the collector', () => Buffer.from('a short png'), 11],
    ['a view of part of a buffer is left alone', () => whole(64).subarray(8, 40), 32],
    ['shared memory is left alone', () => new Uint8Array(new SharedArrayBuffer(16)), 16],
  ])('%s', (_name, make, lengthAfter) => {
    const view = make();
    releaseBuffers(view);
    expect(view.byteLength).toBe(lengthAfter);
  });

  it('frees each buffer once, however many views name it, and leaves the others', () => {
    const a = whole(128);
    const b = new Uint8ClampedArray(a.buffer);
    const pooled = Buffer.from('kept');
    releaseBuffers(a, b, pooled);
    expect([a.byteLength, b.byteLength, pooled.toString()]).toEqual([0, 0, 'kept']);
    expect(() => releaseBuffers()).not.toThrow();
  });
});
