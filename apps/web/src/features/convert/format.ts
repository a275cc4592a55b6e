const KB = 1024;
const MB = KB * 1024;

/** A file size for a list: `820 KB`, `3.4 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** A 0..1 fraction as a whole percentage for a progress bar. */
export function percent(fraction: number): number {
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}
