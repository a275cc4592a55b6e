/**
 * Issue 19, "our messages only": what @libpdf/core writes to the console while our engine works
 * ("XRef: corrected subsection start …", "Failed to decrypt object …" with a stack) goes to the
 * engine log, never to the console the user sees. The fixture makes the engine warn: its
 * cross-reference subsection starts at 1 where the free-list head says 0 (pdf.js's issue7229.pdf
 * has it so).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergePdfs, pagingSeal, placeAll, readPdfInfo, stampPdf } from '../src';
import { debugWanted, engineWork, formatEngineMessage, setEngineLog } from '../src/engine-log';
import { tailEdited } from './helpers/broken-pdfs';
import { centrePlacement, centreStamp } from './helpers/centre-stamp';
import { discStamp } from './helpers/images';

/** The plain two-page file with its table's subsection starting at 1. */
const warnsOnRead = () => tailEdited((t) => t.replace('\nxref\n0 ', '\nxref\n1 '));
const WARNING = 'XRef: corrected subsection start from 1 to 0';

const PATHS: readonly [string, (bytes: Uint8Array) => Promise<unknown>][] = [
  ['readPdfInfo', (b) => readPdfInfo(b)],
  ['stampPdf', (b) => stampPdf(b, { images: { s: centreStamp }, placements: [centrePlacement] })],
  ['placeAll', (b) => placeAll(b, { images: { s: centreStamp }, placements: [centrePlacement] })],
  ['pagingSeal', (b) => pagingSeal(b, { image: discStamp(64) })],
  ['mergePdfs', (b) => mergePdfs([{ bytes: b, name: 'a' }])],
];

afterEach(() => {
  setEngineLog(undefined);
  vi.restoreAllMocks();
});

describe('the engine log', () => {
  it('the fixture makes @libpdf/core warn on the console when called directly', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { PDF } = await import('@libpdf/core');
    await PDF.load(warnsOnRead());
    expect(warn.mock.calls.flat().join(' ')).toContain(WARNING);
  });

  it.each(PATHS)('%s: the warning goes to the engine log, not the console', async (_, run) => {
    const warn = vi.spyOn(console, 'warn');
    const log: string[] = [];
    setEngineLog((args) => log.push(formatEngineMessage(args)));
    await run(warnsOnRead());
    expect(warn).not.toHaveBeenCalled();
    expect(log.join('\n')).toContain(WARNING);
  });

  it('the console is the same again after the work, also after a failure', async () => {
    const before = { ...console };
    await stampPdf(warnsOnRead(), { images: { s: centreStamp }, placements: [centrePlacement] });
    await expect(readPdfInfo(new Uint8Array([1, 2, 3]))).rejects.toThrow();
    expect(console.warn).toBe(before.warn);
    expect(console.log).toBe(before.log);
    expect(console.error).toBe(before.error);
    expect(console.info).toBe(before.info);
  });

  it('overlapping work shares one capture, released when the last ends', async () => {
    const original = console.warn;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const long = engineWork(() => gate);
    const short = engineWork(async () => console.warn);
    expect(await short).not.toBe(original);
    expect(console.warn).not.toBe(original);
    release();
    await long;
    expect(console.warn).toBe(original);
  });

  it('the default in Node: stderr only when DEBUG names yinzhang', async () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const saved = process.env.DEBUG;
    try {
      delete process.env.DEBUG;
      await readPdfInfo(warnsOnRead());
      expect(write).not.toHaveBeenCalled();
      process.env.DEBUG = 'express:*,yinzhang';
      await readPdfInfo(warnsOnRead());
      expect(write.mock.calls.map((c) => String(c[0])).join('')).toContain(
        `yinzhang engine: ${WARNING}`,
      );
    } finally {
      if (saved === undefined) delete process.env.DEBUG;
      else process.env.DEBUG = saved;
    }
  });

  it.each([
    [undefined, false],
    ['', false],
    ['pw:api,express:*', false],
    ['yinzhang', true],
    ['express, *', true],
    ['yinzhang:*', true],
  ])('DEBUG=%s opens the debug log: %s', (debug, wanted) => {
    expect(debugWanted(debug)).toBe(wanted);
  });

  it('formats an error with its stack, other values as text', () => {
    const text = formatEngineMessage([
      'Failed to decrypt object 1 0:',
      new Error('bad decrypt'),
      3,
    ]);
    expect(text).toMatch(/^Failed to decrypt object 1 0: Error: bad decrypt\n\s+at /);
    expect(text).toMatch(/ 3$/);
  });
});
