/**
 * Entry of a seal-drawing worker thread (see seal/pool.ts): draws one seal spec to its PNG. The
 * fonts are registered on the first job, once per worker.
 */
import type { TCreateSeal } from '@yinzhang/seal';
import { jobHandler } from '../workers/pool';
import { renderSealPng } from './render';

// The PNG is moved to the main thread, not copied (renderSealPng's buffer is its own).
export default jobHandler<TCreateSeal, Uint8Array>((spec) => renderSealPng(spec), {
  transferResult: true,
});
