/**
 * The ArrayBuffer behind `bytes` when it may move whole to a worker (pool.ts), else undefined:
 * only one that the view covers whole. A small Buffer can be a slice of Node's shared pool, which
 * must not be detached; shared memory is never transferred.
 */
export function movableBuffer(bytes: unknown): ArrayBuffer | undefined {
  if (!(bytes instanceof Uint8Array || bytes instanceof Uint8ClampedArray)) return undefined;
  const { buffer } = bytes;
  if (!(buffer instanceof ArrayBuffer)) return undefined;
  if (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return undefined;
  return buffer;
}
