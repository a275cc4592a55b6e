import { beforeEach, describe, expect, it } from 'vitest';
import { convertStore, pdfFile, tagOf } from '../test/convertStore';
import { deferred, stubObjectUrls } from '../test/helpers';
import type { PdfJob } from '../workers/protocol';
import { bookmarkTitle, inspected } from './merge';

/** tag 1..: pages = tag; 90: encrypted ('secret' opens it, 3 pages); 99: damaged. */
async function fakeRun(job: PdfJob, onProgress?: (p: never) => void) {
  if (job.kind === 'inspect') {
    const tag = tagOf(job.bytes);
    if (tag === 99) return { ok: false, code: 'BROKEN_PDF', message: 'broken' } as const;
    if (tag === 90) {
      if (job.password === 'secret') return { ok: true, pages: 3 } as const;
      return job.password
        ? ({ ok: false, code: 'PASSWORD_WRONG', message: 'wrong' } as const)
        : ({ ok: false, code: 'PASSWORD_REQUIRED', message: 'needs one' } as const);
    }
    // A file with tag 5 claims PDF/A-2B.
    if (tag === 5) return { ok: true, pages: 5, pdfA: '2B' } as const;
    return { ok: true, pages: tag } as const;
  }
  if (job.kind === 'merge') {
    (onProgress as ((p: unknown) => void) | undefined)?.({ phase: 'copy', done: 1, total: 2 });
    // A file with tag 77 reads at first but fails in the merge.
    const results = job.files.map((f) => {
      const tag = tagOf(f.bytes);
      return tag === 77
        ? { name: f.name, ok: false, pages: 0, code: 'BROKEN_PDF' }
        : { name: f.name, ok: true, pages: tag === 90 ? 3 : tag };
    });
    const any = results.some((r) => r.ok);
    return { bytes: any ? new Uint8Array([37, 80, 68, 70]).buffer : undefined, results };
  }
  throw new Error('unexpected job');
}

const names = (files: readonly { name: string }[]) => files.map((f) => f.name);

describe('merge list', () => {
  beforeEach(stubObjectUrls);

  it('adds files as being read, then marks each loaded (true) or not (false)', async () => {
    const store = convertStore(fakeRun);
    const adding = store.get().addMergeFiles([pdfFile('a.pdf', 2), pdfFile('bad.pdf', 99)]);
    expect(store.get().mergeFiles.map((f) => f.status)).toEqual([null, null]);
    await adding;
    const [a, bad] = store.get().mergeFiles;
    expect(a).toMatchObject({ name: 'a.pdf', pages: 2, status: true, problem: null });
    expect(bad).toMatchObject({
      name: 'bad.pdf',
      pages: null,
      status: false,
      problem: 'unreadable',
      code: 'BROKEN_PDF',
    });
  });

  it('asks for a password: a wrong one is refused, the right one loads the file', async () => {
    const store = convertStore(fakeRun);
    await store.get().addMergeFiles([pdfFile('locked.pdf', 90)]);
    const locked = store.get().mergeFiles[0];
    expect(locked).toMatchObject({ status: false, problem: 'password' });
    const id = locked?.id ?? '';
    await expect(store.get().unlockMergeFile(id, 'guess')).resolves.toBe('wrong');
    expect(store.get().mergeFiles[0]?.status).toBe(false);
    await expect(store.get().unlockMergeFile(id, 'secret')).resolves.toBe('ok');
    expect(store.get().mergeFiles[0]).toMatchObject({
      status: true,
      pages: 3,
      password: 'secret',
      problem: null,
    });
  });

  it('reorders by drag index and by up/down, and removes', async () => {
    const store = convertStore(fakeRun);
    await store.get().addMergeFiles(['a', 'b', 'c', 'd'].map((n, i) => pdfFile(`${n}.pdf`, i + 1)));
    store.get().moveMergeFile(0, 2);
    expect(names(store.get().mergeFiles)).toEqual(['b.pdf', 'c.pdf', 'a.pdf', 'd.pdf']);
    store.get().moveMergeFile(3, 2); // "down" of c is moving d up: index 3 -> 2
    expect(names(store.get().mergeFiles)).toEqual(['b.pdf', 'c.pdf', 'd.pdf', 'a.pdf']);
    store.get().moveMergeFile(0, 1);
    expect(names(store.get().mergeFiles)).toEqual(['c.pdf', 'b.pdf', 'd.pdf', 'a.pdf']);
    store.get().removeMergeFile(store.get().mergeFiles[1]?.id ?? '');
    expect(names(store.get().mergeFiles)).toEqual(['c.pdf', 'd.pdf', 'a.pdf']);
  });

  it('merges the loaded files in list order with passwords, skipping the failed ones', async () => {
    const store = convertStore(fakeRun);
    await store
      .get()
      .addMergeFiles([
        pdfFile('one.pdf', 1),
        pdfFile('bad.pdf', 99),
        pdfFile('locked.pdf', 90),
        pdfFile('two.PDF', 2),
      ]);
    await store.get().unlockMergeFile(store.get().mergeFiles[2]?.id ?? '', 'secret');
    store.get().moveMergeFile(3, 0);
    const merged = await store.get().runMerge();
    const job = store.run.mock.calls.at(-1)?.[0];
    expect(job?.kind).toBe('merge');
    if (job?.kind !== 'merge') return;
    expect(job.files.map((f) => [f.name, tagOf(f.bytes), f.password])).toEqual([
      ['two', 2, undefined],
      ['one', 1, undefined],
      ['locked', 90, 'secret'],
    ]);
    expect(merged).toMatchObject({
      fileName: 'merged-20250304-050607.pdf',
      pages: 6,
      files: 3,
      skipped: [],
    });
    expect(store.get()).toMatchObject({ merging: false, mergeProgress: 1, mergeError: null });
    expect(store.get().merged?.url).toMatch(/^blob:/);
  });

  it('names the PDF/A files merged: the merged file is a new document, not PDF/A', async () => {
    const store = convertStore(fakeRun);
    await store.get().addMergeFiles([pdfFile('a.pdf', 2), pdfFile('archive.pdf', 5)]);
    expect(store.get().mergeFiles.map((f) => f.pdfA)).toEqual([null, '2B']);
    const merged = await store.get().runMerge();
    expect(merged).toMatchObject({ pages: 7, files: 2, pdfA: ['archive.pdf'] });
  });

  it('marks a file that fails during the merge false, and the rest still merge', async () => {
    const store = convertStore(fakeRun);
    await store.get().addMergeFiles([pdfFile('ok.pdf', 4), pdfFile('late.pdf', 77)]);
    const merged = await store.get().runMerge();
    expect(merged).toMatchObject({ pages: 4, files: 1, skipped: ['late.pdf'] });
    expect(store.get().mergeFiles.map((f) => f.status)).toEqual([true, false]);
    expect(store.get().mergeFiles[1]?.problem).toBe('unreadable');
  });

  it('reports when there is nothing to merge', async () => {
    const store = convertStore(fakeRun);
    await expect(store.get().runMerge()).resolves.toBeNull();
    expect(store.get().mergeError).toEqual({ reason: 'nothing' });
    await store.get().addMergeFiles([pdfFile('late.pdf', 77)]);
    await expect(store.get().runMerge()).resolves.toBeNull();
    expect(store.get().mergeError).toEqual({ reason: 'nothing' });
    expect(store.get().mergeFiles[0]?.status).toBe(false);
  });

  it('shows progress while merging and an error when the worker fails', async () => {
    const progress: (number | null)[] = [];
    let store: ReturnType<typeof convertStore>;
    store = convertStore(async (job, onProgress) => {
      if (job.kind === 'inspect') return { ok: true, pages: 1 };
      onProgress?.({ phase: 'copy', done: 1, total: 2 });
      progress.push(store.get().mergeProgress);
      throw new Error('worker gone');
    });
    await store.get().addMergeFiles([pdfFile('a.pdf', 1)]);
    await store.get().runMerge();
    expect(progress).toEqual([0.45]);
    expect(store.get()).toMatchObject({
      merging: false,
      mergeProgress: null,
      // The code (none here) and the files for our sentence; 'worker gone' goes to the debug log.
      mergeError: { reason: 'failed', code: undefined, files: 'a.pdf' },
    });
  });

  it('does not reorder or remove while merging', async () => {
    const gate = deferred<void>();
    const store = convertStore(async (job) => {
      if (job.kind === 'inspect') return { ok: true, pages: 1 };
      await gate.promise;
      return { bytes: new ArrayBuffer(1), results: [] };
    });
    await store.get().addMergeFiles([pdfFile('a.pdf', 1), pdfFile('b.pdf', 2)]);
    const merging = store.get().runMerge();
    expect(store.get().merging).toBe(true);
    store.get().moveMergeFile(0, 1);
    store.get().removeMergeFile(store.get().mergeFiles[0]?.id ?? '');
    expect(names(store.get().mergeFiles)).toEqual(['a.pdf', 'b.pdf']);
    gate.resolve();
    await merging;
    expect(store.get().merging).toBe(false);
  });
});

describe('inspected and bookmarkTitle', () => {
  it.each([
    [
      { ok: true, pages: 5 } as const,
      { pages: 5, status: true, problem: null, signatures: 0, pdfA: null },
    ],
    [
      { ok: true, pages: 2, signatures: 3, pdfA: '1B' } as const,
      { pages: 2, status: true, problem: null, signatures: 3, pdfA: '1B' },
    ],
    [
      { ok: false, code: 'PASSWORD_REQUIRED', message: '' } as const,
      { pages: null, status: false, problem: 'password', code: 'PASSWORD_REQUIRED' },
    ],
    [
      { ok: false, code: 'UNSUPPORTED_ENCRYPTION', message: '' } as const,
      { pages: null, status: false, problem: 'encryption', code: 'UNSUPPORTED_ENCRYPTION' },
    ],
    [
      { ok: false, code: 'NOT_PDF', message: '' } as const,
      { pages: null, status: false, problem: 'unreadable', code: 'NOT_PDF' },
    ],
  ])('%o', (answer, expected) => {
    expect(inspected(answer)).toEqual(expected);
  });

  it.each([
    ['report.pdf', 'report'],
    ['REPORT.PDF', 'REPORT'],
    ['notes.v2.pdf', 'notes.v2'],
    ['.pdf', '.pdf'],
    ['plain', 'plain'],
  ])('%s -> %s', (name, title) => {
    expect(bookmarkTitle(name)).toBe(title);
  });
});
