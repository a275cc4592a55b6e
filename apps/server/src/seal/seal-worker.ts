/**
 * Entry of a seal-drawing worker thread (see seal/pool.ts): draws one seal spec to its PNG. The
 * fonts are registered on the first job, once per worker.
 */
import type { TCreateSeal } from '@yinzhang/seal';
import { jobHandler } from '../workers/pool';
import { renderSeal } from './render';

/**
 * The PNG is moved to the main thread, not copied (its buffer is its own). A seal drawn with the
 * canvas (a character outside the seal fonts) left a 1 MB pixel read-back that @napi-rs/canvas
 * frees in a finalizer on this thread's event loop: such a job gives the loop a turn before it
 * answers, so the finalizers of earlier read-backs run even while jobs queue (piscina then hands
 * this worker its next job directly, without a turn; seals drawn from outlines allocate nothing
 * native).
 */
export default jobHandler<TCreateSeal, Uint8Array>(
  async (spec) => {
    const { png, drawnWithCanvas } = renderSeal(spec);
    if (drawnWithCanvas) await new Promise((resolve) => setImmediate(resolve));
    return png;
  },
  { transferResult: true },
);
