/** The image bytes of a result, by field (ParseResult and GrayResult in jobs.ts). */
const IMAGE_FIELDS = ['png', 'crop'] as const;

/**
 * The ArrayBuffers of a worker's result that may move to the main thread instead of being
 * copied (extract-worker.ts): only one that a view covers whole. A small Buffer can be a slice of
 * Node's shared pool, which must not be detached from the worker; such bytes are copied as before.
 */
export function movableBuffers(result: object): ArrayBuffer[] {
  const list: ArrayBuffer[] = [];
  for (const field of IMAGE_FIELDS) {
    const buffer = movableBuffer((result as Record<string, unknown>)[field]);
    if (buffer !== undefined && !list.includes(buffer)) list.push(buffer);
  }
  return list;
}

/** The ArrayBuffer behind `bytes` when it may move whole (see movableBuffers), else undefined. */
export function movableBuffer(bytes: unknown): ArrayBuffer | undefined {
  if (!(bytes instanceof Uint8Array || bytes instanceof Uint8ClampedArray)) return undefined;
  const { buffer } = bytes;
  if (!(buffer instanceof ArrayBuffer)) return undefined;
  if (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength) return undefined;
  return buffer;
}
