/**
 * PDF合并 in the one store (SPEC §2, §4, §8): the files in merge order, each with its page count
 * and status (true: it loaded; false: it did not, and it is skipped), passwords for encrypted
 * files, and the merge itself, run by the PDF worker.
 */
import { errorCode, logEngineError } from '../files/pdfErrors';
import { timestampFileName } from '../files/timestamp';
import type { InspectAnswer } from '../workers/protocol';
import { progressFraction } from '../workers/protocol';
import { type ConvertDeps, revokeUrl } from './convertDeps';
import { moveItem, newId, removeById, updateById } from './listOps';

/** Why a file is not merged. */
export type MergeProblem = 'password' | 'encryption' | 'unreadable';

export interface MergeFile {
  id: string;
  file: File;
  name: string;
  size: number;
  /** Known once the file has been read. */
  pages: number | null;
  /** SPEC §4: true when the file loaded, false when it did not; null while it is being read. */
  status: boolean | null;
  problem: MergeProblem | null;
  /** The engine's error code when it could not be read (the row says why, in our words). */
  code?: string | undefined;
  /** The PDF/A conformance it claims: a merged file is a new document and claims none. */
  pdfA?: string | null;
  /** Digital signatures it carries: a merged file cannot keep them (the row says so). */
  signatures?: number;
  /** The password that opened it, sent again with the merge. */
  password?: string | undefined;
}

export interface MergedPdf {
  url: string;
  fileName: string;
  pages: number;
  files: number;
  /** Names of files that failed during the merge (skipped). */
  skipped: string[];
  /** Names of merged files that claimed PDF/A: the merged file does not (issue 19). */
  pdfA: string[];
}

/** Why nothing came out; `failed` carries the code and the files for our sentence. */
export type MergeError =
  | { reason: 'nothing' }
  | { reason: 'failed'; code: string | undefined; files: string };

export type UnlockResult = 'ok' | 'wrong' | 'failed';

export interface MergeState {
  mergeFiles: readonly MergeFile[];
  merging: boolean;
  /** 0..1 while merging. */
  mergeProgress: number | null;
  merged: MergedPdf | null;
  mergeError: MergeError | null;

  /** Appends files (already checked by type and size) and reads each one's page count in turn. */
  addMergeFiles(files: readonly File[]): Promise<void>;
  /** Tries a password on an encrypted file. */
  unlockMergeFile(id: string, password: string): Promise<UnlockResult>;
  moveMergeFile(from: number, to: number): void;
  removeMergeFile(id: string): void;
  /** Merges every file whose status is true, in list order; resolves with the result. */
  runMerge(): Promise<MergedPdf | null>;
}

type Set = (partial: Partial<MergeState> | ((s: MergeState) => Partial<MergeState>)) => void;
type Get = () => MergeState;

/** The list entry after reading a file: its page count, or why it cannot be merged. */
export function inspected(
  answer: InspectAnswer,
): Pick<MergeFile, 'pages' | 'status' | 'problem' | 'signatures' | 'code' | 'pdfA'> {
  if (answer.ok) {
    return {
      pages: answer.pages,
      status: true,
      problem: null,
      signatures: answer.signatures ?? 0,
      code: undefined,
      pdfA: answer.pdfA ?? null,
    };
  }
  const problem: MergeProblem =
    answer.code === 'PASSWORD_REQUIRED' || answer.code === 'PASSWORD_WRONG'
      ? 'password'
      : answer.code === 'UNSUPPORTED_ENCRYPTION'
        ? 'encryption'
        : 'unreadable';
  return { pages: null, status: false, problem, code: answer.code };
}

/** The file's name without `.pdf`: the title of its top-level bookmark in the merged file. */
export function bookmarkTitle(fileName: string): string {
  return fileName.replace(/\.pdf$/i, '') || fileName;
}

export function createMergeSlice(set: Set, get: Get, deps: ConvertDeps): MergeState {
  async function inspect(file: File, password?: string): Promise<InspectAnswer> {
    try {
      const jobs = await deps.jobs();
      const answer = await jobs.run({ kind: 'inspect', bytes: await file.arrayBuffer(), password });
      // The engine's words for the debug log; the row says ours by code.
      if (!answer.ok) logEngineError('合成', file.name, `${answer.code}: ${answer.message}`);
      return answer;
    } catch (error) {
      logEngineError('合成', file.name, error);
      return { ok: false, code: errorCode(error) ?? 'FAILED', message: String(error) };
    }
  }

  const present = (id: string) => get().mergeFiles.some((f) => f.id === id);

  return {
    mergeFiles: [],
    merging: false,
    mergeProgress: null,
    merged: null,
    mergeError: null,

    async addMergeFiles(files) {
      const added: MergeFile[] = files.map((file) => ({
        id: newId('pdf'),
        file,
        name: file.name,
        size: file.size,
        pages: null,
        status: null,
        problem: null,
      }));
      set((s) => ({ mergeFiles: [...s.mergeFiles, ...added], mergeError: null }));
      // One at a time: the worker does one job at a time anyway, and the first files show sooner.
      for (const item of added) {
        if (!present(item.id)) continue;
        const answer = await inspect(item.file);
        set((s) => ({ mergeFiles: updateById(s.mergeFiles, item.id, inspected(answer)) }));
      }
    },

    async unlockMergeFile(id, password) {
      const item = get().mergeFiles.find((f) => f.id === id);
      if (!item) return 'failed';
      const answer = await inspect(item.file, password);
      if (!answer.ok && (answer.code === 'PASSWORD_WRONG' || answer.code === 'PASSWORD_REQUIRED')) {
        return 'wrong';
      }
      set((s) => ({
        mergeFiles: updateById(s.mergeFiles, id, {
          ...inspected(answer),
          password: answer.ok ? password : undefined,
        }),
      }));
      return answer.ok ? 'ok' : 'failed';
    },

    moveMergeFile(from, to) {
      if (get().merging) return;
      set((s) => ({ mergeFiles: moveItem(s.mergeFiles, from, to) }));
    },

    removeMergeFile(id) {
      if (get().merging) return;
      set((s) => ({ mergeFiles: removeById(s.mergeFiles, id) }));
    },

    async runMerge() {
      const ready = get().mergeFiles.filter((f) => f.status === true);
      if (get().merging) return null;
      revokeUrl(get().merged?.url);
      if (ready.length === 0) {
        set({ merged: null, mergeError: { reason: 'nothing' } });
        return null;
      }
      set({ merging: true, mergeProgress: 0, merged: null, mergeError: null });
      try {
        const jobs = await deps.jobs();
        const files = await Promise.all(
          ready.map(async (f) => ({
            name: bookmarkTitle(f.name),
            bytes: await f.file.arrayBuffer(),
            password: f.password,
          })),
        );
        const answer = await jobs.run({ kind: 'merge', files }, (p) =>
          set({ mergeProgress: progressFraction(p) }),
        );
        // SPEC §8: a file that fails is marked false and the merge goes on without it.
        let list = get().mergeFiles;
        answer.results.forEach((result, i) => {
          const id = ready[i]?.id;
          if (id && !result.ok) {
            logEngineError('合成', result.name, result.error);
            list = updateById(
              list,
              id,
              inspected({ ok: false, code: result.code ?? '', message: '' }),
            );
          }
        });
        set({ mergeFiles: list });
        if (!answer.bytes) {
          set({ merging: false, mergeProgress: null, mergeError: { reason: 'nothing' } });
          return null;
        }
        const merged: MergedPdf = {
          url: URL.createObjectURL(new Blob([answer.bytes], { type: 'application/pdf' })),
          fileName: timestampFileName('merged', deps.now()),
          pages: answer.results.reduce((sum, r) => sum + r.pages, 0),
          files: answer.results.filter((r) => r.ok).length,
          skipped: ready.filter((_, i) => answer.results[i]?.ok === false).map((f) => f.name),
          pdfA: ready.filter((f, i) => answer.results[i]?.ok && f.pdfA).map((f) => f.name),
        };
        set({ merging: false, mergeProgress: 1, merged });
        return merged;
      } catch (error) {
        const files = ready.map((f) => f.name).join('、');
        logEngineError('合成', files, error);
        const mergeError: MergeError = { reason: 'failed', code: errorCode(error), files };
        set({ merging: false, mergeProgress: null, mergeError });
        return null;
      }
    },
  };
}
