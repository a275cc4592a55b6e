/**
 * Merging PDFs: every readable file's pages in order, its bookmarks under one top-level bookmark
 * named after the file, and its internal links still pointing at the right pages. A file that
 * cannot be read is reported and left out; the others merge.
 *
 * Not carried over (each belongs to its own file's catalog): form fields stay visible but are no
 * longer fillable, and page labels, tagged structure and optional-content settings are dropped.
 */
import { engineWork } from './engine-log';
import { fflateZlib } from './inflate';
import { fastMerge } from './merge-fast';
import type { OnNotice } from './notices';
import type { OnProgress } from './progress';

export interface MergeInput {
  readonly bytes: Uint8Array;
  /** Shown in the report and as the file's top-level bookmark. */
  readonly name: string;
  readonly password?: string | undefined;
}

export interface MergeResult {
  readonly name: string;
  readonly ok: boolean;
  readonly pages: number;
  readonly error?: string | undefined;
  readonly code?: string | undefined;
}

export interface MergeOutput {
  /** The merged PDF; undefined when no file could be read. */
  readonly bytes: Uint8Array | undefined;
  readonly results: readonly MergeResult[];
}

export interface MergeOptions {
  readonly onProgress?: OnProgress | undefined;
  /**
   * SIGNATURES_DROPPED for each input that carried signatures (a merge cannot keep them), and
   * NO_LONGER_PDFA for each input that claimed PDF/A (the merged file claims nothing).
   */
  readonly onNotice?: OnNotice | undefined;
}

/**
 * Plain files are merged from their bytes (merge-fast.ts), without loading the PDF engine; any
 * file that path does not take on (encrypted, signed, with forms, links or damage) sends the
 * whole merge to the engine (merge-engine.ts), loaded only then.
 */
export async function mergePdfs(
  files: readonly MergeInput[],
  options: MergeOptions = {},
): Promise<MergeOutput> {
  return fastMerge(files, options.onProgress, fflateZlib) ?? mergeOnEngine(files, options);
}

/**
 * The merge on @libpdf/core alone, for callers that tried fastMerge (@yinzhang/pdf/merge-fast)
 * themselves: the command line loads the engine only when that path did not take the files.
 */
export async function mergeOnEngine(
  files: readonly MergeInput[],
  options: MergeOptions = {},
): Promise<MergeOutput> {
  const { merging } = await import('./merge-engine');
  return engineWork(() => merging(files, options));
}
