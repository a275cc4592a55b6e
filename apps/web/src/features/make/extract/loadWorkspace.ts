import { lazy } from 'react';

/** The cropper and everything after it stay out of the home bundle until a photo is chosen. */
export const loadWorkspace = () => import('./ExtractWorkspace');

export const LazyWorkspace = lazy(loadWorkspace);

let prefetched = false;
/** Starts loading the workspace early (the visitor is about to use the upload box). */
export function prefetchWorkspace(): void {
  if (prefetched) return;
  prefetched = true;
  loadWorkspace().catch(() => {
    prefetched = false;
  });
}
