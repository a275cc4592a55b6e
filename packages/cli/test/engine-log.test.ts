/**
 * Issue 19, "our messages only": @libpdf/core's console output ("XRef: corrected subsection start
 * …", "Failed to decrypt object …" with a stack) reached the terminal of anyone stamping such a
 * file. It goes to the debug log now: stderr stays clean, DEBUG=yinzhang shows it. The fixture's
 * cross-reference subsection starts at 1 where its free-list head says 0, which makes the engine
 * warn (pdf.js's issue7229.pdf has it so).
 */
import { writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { a4Pages, at, makeInputs, type Run, yinzhangWith } from './helpers';

const WARNING = 'XRef: corrected subsection start from 1 to 0';

/** The binary run without DEBUG, or with the DEBUG given. */
function yz(env: { DEBUG?: string }, ...args: string[]): Promise<Run> {
  const { DEBUG: _unset, ...rest } = process.env;
  return yinzhangWith({ ...rest, ...env }, ...args);
}

beforeAll(async () => {
  await makeInputs();
  const text = new TextDecoder('latin1').decode(await a4Pages(2));
  if (!text.includes('\nxref\n0 ')) throw new Error('expected a classic cross-reference table');
  writeFileSync(
    at('warns.pdf'),
    Uint8Array.from(text.replace('\nxref\n0 ', '\nxref\n1 '), (c) => c.charCodeAt(0)),
  );
});

const STAMP = [
  'stamp',
  'warns.pdf',
  '--image',
  'seal.png',
  '--page',
  '1',
  '--x',
  '0.5',
  '--y',
  '0.5',
];
const COMMANDS: readonly [string, string[]][] = [
  ['stamp', [...STAMP, '--width', '40mm', '-o', 'out-stamp.pdf']],
  ['paging-seal', ['paging-seal', 'warns.pdf', '--image', 'seal.png', '-o', 'out-paging.pdf']],
  ['merge', ['merge', 'warns.pdf', 'two.pdf', '-o', 'out-merge.pdf']],
];

describe('the engine warns while reading', () => {
  it.each(COMMANDS)('%s: stderr clean; DEBUG=yinzhang shows the warning', async (_, args) => {
    const quiet = await yz({}, ...args);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain('XRef');
    expect(quiet.stdout).not.toContain('XRef');
    const debug = await yz({ DEBUG: 'yinzhang' }, ...args);
    expect(debug.code).toBe(0);
    expect(debug.stderr).toContain(WARNING);
    expect(debug.stdout).not.toContain('XRef');
  });
});
