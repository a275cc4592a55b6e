/**
 * The byte-level merge: the result mergePdfs makes with @libpdf/core (merge-engine.ts), made from
 * the inputs' bytes without loading the engine. Each object a page or bookmark reaches is copied
 * as written, its references renumbered, stream data untouched; pages get their inherited
 * entries; bookmarks are rebuilt under one bookmark per file as merge-engine.ts and outline.ts do.
 *
 * Why: a command-line merge spent most of its time in a cold process parsing every object of
 * every input into engine objects, copying them and collecting the garbage. Copying bytes builds
 * almost nothing.
 *
 * It takes on only plain files: no encryption, form or signature, no PDF/A claim, no annotations
 * (links need the engine path's destination checks), no named destinations, and syntax and
 * structure read exactly as expected (raw-file.ts). Anything else throws Unexpected, and the
 * merge runs on the engine instead: this path never decides a harder case differently.
 */
import type { MergeInput, MergeOutput } from './merge';
import { FastInput } from './merge-fast-input';
import { FastOutline } from './merge-fast-outline';
import { FastWriter } from './merge-fast-writer';
import type { OnProgress } from './progress';
import { Unexpected } from './raw-copy';
import { RawFile, type Zlib } from './raw-file';

export type { Zlib } from './raw-file';

/**
 * The merge of `files` made from their bytes, or undefined when any of them is more than this
 * path takes on (see above): the caller then merges on the engine.
 */
export function fastMerge(
  files: readonly MergeInput[],
  onProgress: OnProgress | undefined,
  zlib: Zlib,
): MergeOutput | undefined {
  const merged = fastMergeOrWhy(files, onProgress, zlib);
  return typeof merged === 'string' ? undefined : merged;
}

/** fastMerge, or why it left the files to the engine (for tests and the debug log). */
export function fastMergeOrWhy(
  files: readonly MergeInput[],
  onProgress: OnProgress | undefined,
  zlib: Zlib,
): MergeOutput | string {
  if (files.length === 0) return 'no files';
  try {
    return merged(files, onProgress, zlib);
  } catch (err) {
    // Unexpected, or anything else this path did not foresee: the engine path decides.
    return err instanceof Unexpected ? err.message : String(err);
  }
}

function merged(
  files: readonly MergeInput[],
  onProgress: OnProgress | undefined,
  zlib: Zlib,
): MergeOutput {
  const checked = new Map<string, boolean>();
  const writer = new FastWriter(files.reduce((n, f) => n + f.bytes.length, 0) + 4096);
  const catalog = writer.allocate();
  const pagesRoot = writer.allocate();
  const outline = new FastOutline(writer);
  const kids: number[] = [];
  // Progress only once it worked: a fall back to the engine reports its own from the start.
  const results = files.map((file) => {
    const input = new FastInput(new RawFile(file.bytes, zlib), writer, checked);
    input.copyPages(pagesRoot);
    outline.addFile(input, file.name);
    kids.push(...input.pageNumbers);
    return { name: file.name, ok: true, pages: input.pageNumbers.length };
  });
  onProgress?.({ phase: 'copy', done: files.length, total: files.length });
  const { out } = writer;
  writer.begin(pagesRoot);
  out.writeAscii(
    `<<\n/Type /Pages\n/Kids [${kids.map((n) => `${n} 0 R`).join(' ')}]\n/Count ${kids.length}\n>>`,
  );
  writer.end();
  const outlines = outline.finish();
  writer.begin(catalog);
  out.writeAscii(
    `<<\n/Type /Catalog\n/Pages ${pagesRoot} 0 R\n/Outlines ${outlines} 0 R\n/PageMode /UseOutlines\n>>`,
  );
  writer.end();
  const bytes = writer.finish(catalog);
  onProgress?.({ phase: 'write', done: 1, total: 1 });
  return { bytes, results };
}
