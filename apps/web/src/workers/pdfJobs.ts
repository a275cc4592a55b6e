/**
 * The app's one PDF worker, started on first use and started again if it dies. Import this module
 * lazily: referencing the worker is what makes the bundler emit it.
 */
import { createJobClient, type JobClient } from './client';

let client: JobClient | null = null;

export function pdfJobs(): JobClient {
  if (!client || client.broken) {
    const worker = new Worker(new URL('./pdf.worker.ts', import.meta.url), {
      type: 'module',
      name: 'pdf',
    });
    client = createJobClient(worker);
  }
  return client;
}
