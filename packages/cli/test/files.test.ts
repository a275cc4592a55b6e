import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOutput } from '../src/files';

/** writeOutput: through an exclusive temporary file and a rename; nothing half-written is left. */
describe('writeOutput', () => {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-files-'));
  const out = join(dir, 'out.pdf');

  it('writes the file and leaves no temporary file', async () => {
    await writeOutput(out, new Uint8Array([1, 2, 3]));
    expect([...readFileSync(out)]).toEqual([1, 2, 3]);
    expect(readdirSync(dir)).toEqual(['out.pdf']);
  });

  it('skips temporary names left by a killed run, and leaves them alone', async () => {
    // The first write used this process's temporary number 0; the next ones are 1 and 2.
    const left = [1, 2].map((n) => `.out.pdf.${process.pid}.${n}.tmp`);
    for (const name of left) writeFileSync(join(dir, name), 'not ours');
    await writeOutput(out, new Uint8Array([4, 5]));
    expect([...readFileSync(out)]).toEqual([4, 5]);
    expect(readdirSync(dir).sort()).toEqual([...left, 'out.pdf'].sort());
    for (const name of left) expect(readFileSync(join(dir, name), 'utf8')).toBe('not ours');
  });

  it('a failed rename leaves the old output and no temporary file', async () => {
    const target = join(dir, 'a-folder');
    mkdirSync(join(target, 'inside'), { recursive: true });
    await expect(writeOutput(target, new Uint8Array([9]))).rejects.toThrow();
    expect(readdirSync(target)).toEqual(['inside']);
    expect(readdirSync(dir).filter((n) => n.startsWith('.a-folder'))).toEqual([]);
  });

  it('a missing folder is an error, with nothing written', async () => {
    await expect(writeOutput(join(dir, 'missing', 'x.pdf'), new Uint8Array([1]))).rejects.toThrow(
      /ENOENT/,
    );
  });
});
