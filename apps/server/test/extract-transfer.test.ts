/**
 * Which bytes of an extract worker's answer move to the main thread (src/extract/transfer.ts):
 * only buffers a view covers whole, never a slice of Node's shared Buffer pool.
 */
import { describe, expect, it } from 'vitest';
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
