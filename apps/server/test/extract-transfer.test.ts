/**
 * Bytes between the main thread and the extract workers. An upload handed over moves to its
 * worker when its view covers its whole buffer (src/extract/transfer.ts), never a slice of Node's
 * shared Buffer pool or shared memory. Answers come back copied, never transferred: a transfer
 * detaches a buffer in the worker, and after one detach V8 tests every typed-array access in that
 * thread for it, which made extractSeal 5-11 % slower (bench/extract-detach.ts).
 */
import { transferableSymbol } from 'piscina';
import { describe, expect, it } from 'vitest';
import extractJob from '../src/extract/extract-worker';
import { movableBuffer } from '../src/extract/transfer';
import { sealPhotoJpeg } from './fixtures/images';

const whole = (n: number) => new Uint8Array(new ArrayBuffer(n));

describe('movableBuffer', () => {
  const own = whole(300);
  // Buffer.from of a short string is a slice of the shared pool (offset or length differ).
  const pooled = Buffer.from('a short png');

  it.each([
    ['a view of its whole buffer moves', own, own.buffer],
    ['a clamped view of its whole buffer moves', new Uint8ClampedArray(8), 'buffer'],
    ['a pooled Buffer is copied, not detached', pooled, undefined],
    ['a view of part of a buffer is copied', whole(64).subarray(8, 40), undefined],
    ['shared memory is never transferred', new Uint8Array(new SharedArrayBuffer(16)), undefined],
    ['something that is not bytes', 'png', undefined],
  ] as const)('%s', (_name, bytes, expected) => {
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    const got = movableBuffer(bytes);
    if (expected === 'buffer') expect(got).toBe((bytes as Uint8ClampedArray).buffer);
    else expect(got).toBe(expected);
  });
});

describe('an extract worker answer', () => {
  it('is a plain reply, with no buffers marked to transfer', async () => {
    const image = await sealPhotoJpeg();
    const job = {
      kind: 'parse',
      image,
      type: 'jpeg',
      width: 512,
      height: 512,
      metadata: false,
      plain: true,
      options: { mode: 0, clarity: 'auto', red: 0 },
    } as const;
    const reply = (await extractJob(job)) as Record<PropertyKey, unknown>;
    expect(reply.ok).toBe(true);
    expect(transferableSymbol in reply).toBe(false);
    const result = reply.result as { png: Uint8Array; crop: Uint8Array };
    expect(result.png.byteLength).toBeGreaterThan(0);
    expect(result.crop).toBe(image);
    expect(image.byteLength).toBeGreaterThan(0);
  });
});
