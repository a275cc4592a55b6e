import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { movableBuffer } from './transfer';

/**
 * Frees the extraction result's megabyte as soon as its PNG is made, instead of when V8 next
 * collects garbage.
 *
 * Why: V8 counts the bytes of ArrayBuffers it has not yet collected toward its next collection,
 * and each parse leaves a fresh 1 MB result behind. Under the parse bench's load (three pairs,
 * alternated) freeing it cut the server's Mark-Compacts by a fifth to a third, V8's helper
 * threads from ~2.65 to ~2.1 ms a request and the whole server from 18.9-19.5 to 17.9-18.4 ms
 * of CPU a request (issue 16). Node 20 has no ArrayBuffer.prototype.transfer; posting the buffer,
 * transferred, to a port whose peer is closed detaches it (V8 stops counting it) and drops the
 * message, which frees the memory at once.
 *
 * Only for buffers JavaScript allocated: Node does not detach the ones a native addon made
 * (sharp's output); posting those frees nothing.
 */
let sink: MessagePort | undefined;

function openSink(): MessagePort {
  const { port1, port2 } = new MessageChannel();
  port2.close();
  port1.unref();
  return port1;
}

/**
 * Frees the memory behind `views` now. Each must not be used again (it reads as empty); views
 * that do not own their whole buffer (a slice of Node's shared pool), shared memory and buffers
 * a native addon made are left to the collector.
 */
export function releaseBuffers(...views: readonly (Uint8Array | Uint8ClampedArray)[]): void {
  const buffers: ArrayBuffer[] = [];
  for (const view of views) {
    const buffer = movableBuffer(view);
    if (buffer !== undefined && !buffers.includes(buffer)) buffers.push(buffer);
  }
  if (buffers.length === 0) return;
  sink ??= openSink();
  sink.postMessage(null, buffers);
}
