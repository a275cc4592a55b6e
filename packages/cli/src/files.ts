/** Reading inputs and writing outputs with errors that name the file. */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { InputError } from './errors';

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

/**
 * Writes through a temporary file and a rename, so that a failure half way never leaves a
 * truncated output where a good file may have been.
 */
export async function writeOutput(path: string, bytes: Uint8Array): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  await writeFile(temp, bytes);
  await rename(temp, path);
}

/** Prefixes engine errors with the file they are about. */
export function aboutFile<T>(path: string, work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    if (err instanceof Error) err.message = `${path}: ${err.message}`;
    throw err;
  });
}
