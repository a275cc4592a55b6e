/** Test helper: the PDF tools' part of the store alone, over fake deps (no zustand, no worker). */
import { vi } from 'vitest';
import { type ConvertState, createConvertSlice } from '../store/convert';
import type { ConvertDeps } from '../store/convertDeps';
import type { JobAnswers, PdfJob } from '../workers/protocol';

export type RunJob = (
  job: PdfJob,
  onProgress?: (p: { phase: 'copy' | 'draw' | 'write'; done: number; total: number }) => void,
) => Promise<JobAnswers[keyof JobAnswers]>;

export function convertStore(run: RunJob, overrides: Partial<ConvertDeps> = {}) {
  const runMock = vi.fn(run);
  const deps: ConvertDeps = {
    jobs: async () => ({ run: runMock as never }),
    toPng: vi.fn(
      async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]),
    ),
    now: () => new Date(2025, 2, 4, 5, 6, 7),
    ...overrides,
  };
  let state: ConvertState;
  const set = (p: Partial<ConvertState> | ((s: ConvertState) => Partial<ConvertState>)) => {
    state = { ...state, ...(typeof p === 'function' ? p(state) : p) };
  };
  state = createConvertSlice(set, () => state, deps);
  return { get: () => state, run: runMock, deps };
}

const PDF_HEAD = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a];

/** A small file that starts like a PDF; `tag` is its last byte, so fakes can tell files apart. */
export function pdfFile(name: string, tag: number): File {
  return new File([new Uint8Array([...PDF_HEAD, tag])], name, { type: 'application/pdf' });
}

/** The tag byte of a file's bytes as the worker got them. */
export function tagOf(bytes: ArrayBuffer): number {
  const view = new Uint8Array(bytes);
  return view[view.length - 1] ?? -1;
}
