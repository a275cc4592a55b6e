/**
 * What the PDF tools of the store need from the outside: the PDF worker and a WebP-to-PNG
 * converter, both loaded on first use so that the home page does not carry them.
 */
import type { JobClient } from '../workers/client';

export interface ConvertDeps {
  jobs(): Promise<Pick<JobClient, 'run'>>;
  /** Decodes an image the engine cannot embed (WebP) and encodes it as PNG. */
  toPng(image: Blob): Promise<Blob>;
  now(): Date;
}

export const defaultConvertDeps: ConvertDeps = {
  jobs: async () => (await import('../workers/pdfJobs')).pdfJobs(),
  toPng: async (image) => (await import('../files/toPng')).imageToPng(image),
  now: () => new Date(),
};

/** Object URLs: jsdom and old browsers may lack them. */
export function revokeUrl(url: string | null | undefined): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}
