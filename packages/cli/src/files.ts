/** Reading inputs and writing outputs with errors that name the file. */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputError, UsageError } from './errors';

export async function readInput(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`${path}: no such file`);
    if (code === 'EISDIR') throw new InputError(`${path}: is a directory, not a file`);
    throw err;
  }
}

/** Temporary names this process has used (with its pid, unique among running processes). */
let temporaries = 0;
/** Attempts at a free temporary name before giving up (names left behind by killed runs). */
const TEMP_ATTEMPTS = 100;

/**
 * Writes through a temporary file in the same folder and a rename (atomic on one file system), so
 * that a failure half way (a full disk, a kill) never leaves a truncated output, nor a truncated
 * file where a good one was. A failed write removes its temporary file.
 *
 * The temporary file is created exclusively (`wx`) under the pid and a counter, so two runs never
 * share one and a name left by a killed run is skipped. Not a random name: the first random bytes
 * of a process cost ~4 ms of seeding, a tenth of a whole `--help`.
 */
export async function writeOutput(path: string, bytes: Uint8Array): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${temporaries++}.tmp`);
    try {
      // flush: the bytes reach the disk before the rename makes them the output.
      await writeFile(temp, bytes, { flush: true, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && attempt < TEMP_ATTEMPTS) continue;
      // Not ours to remove when it existed before.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await rm(temp, { force: true });
      throw err;
    }
    try {
      await rename(temp, path);
      return;
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }
}

/**
 * Prefixes engine errors with the file they are about (and keeps it as `file`, see errors.ts). A
 * UsageError thrown from inside the work (a --page past the end, found once the engine read the
 * pages) is about a flag and already says which file.
 */
export function aboutFile<T>(path: string, work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    if (err instanceof Error && !(err instanceof UsageError)) {
      err.message = `${path}: ${err.message}`;
      (err as Error & { file?: string }).file = path;
    }
    throw err;
  });
}
