/** The real `yinzhang` binary on PDFs: stamp, paging-seal, merge, img2pdf, good and bad input. */

import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { PDF } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, expectOneLine, makeInputs, pageCount, redBoxes, yinzhang } from './helpers';

beforeAll(makeInputs);

describe('stamp', () => {
  it('puts a 42 mm stamp on page 2 only', async () => {
    const run = await yinzhang(
      'stamp',
      'three.pdf',
      '--image',
      'seal.png',
      '--page',
      '2',
      '--x',
      '0.6',
      '--y',
      '0.7',
      '--width',
      '42mm',
      '-o',
      'one.pdf',
    );
    expect(run.code).toBe(0);
    const [a, b, c] = await redBoxes(at('one.pdf'));
    expect(a).toBeUndefined();
    expect(c).toBeUndefined();
    expect(b?.x).toBeCloseTo(0.6, 2);
    expect(b?.y).toBeCloseTo(0.7, 2);
    expect(b?.width).toBeCloseTo(42 / 210, 2);
  });

  it('--every-page stamps each page; progress goes to stderr', async () => {
    const run = await yinzhang(
      'stamp',
      'three.pdf',
      '--image',
      'seal.png',
      '--every-page',
      '--x',
      '0.1',
      '--y',
      '0.1',
      '--width',
      '0.2',
      '-o',
      'all.pdf',
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/drawing 3\/3/);
    expect(run.stdout).toBe('');
    for (const box of await redBoxes(at('all.pdf'))) expect(box?.x).toBeCloseTo(0.1, 2);
  });

  it.each([
    ['a missing file', ['missing.pdf'], 1, /missing\.pdf: no such file/],
    ['not a PDF', ['seal.png'], 1, /seal\.png: This file is not a PDF/],
    [
      'neither --page nor --every-page',
      ['three.pdf', '--page', '1', '--every-page'],
      2,
      /either --page N or --every-page/,
    ],
    ['a page past the end', ['three.pdf', '--page', '9'], 2, /--page 9: three\.pdf has 3 pages/],
  ])('%s', async (_, args, code, pattern) => {
    const run = await yinzhang(
      'stamp',
      ...args,
      '--image',
      'seal.png',
      '--x',
      '0.1',
      '--y',
      '0.1',
      '--width',
      '0.2',
      ...(args.includes('--every-page') || args.includes('--page') ? [] : ['--page', '1']),
      '-o',
      'bad.pdf',
    );
    expectOneLine(run, code, pattern);
  });

  it('an encrypted PDF: asks for the password, refuses a wrong one, works with the right one', async () => {
    await promisify(execFile)('qpdf', [
      '--encrypt',
      'user',
      'owner',
      '256',
      '--',
      at('two.pdf'),
      at('locked.pdf'),
    ]);
    const base = [
      'stamp',
      'locked.pdf',
      '--image',
      'seal.png',
      '--page',
      '1',
      '--x',
      '0.1',
      '--y',
      '0.1',
      '--width',
      '0.2',
      '-o',
      'unlocked.pdf',
    ];
    expectOneLine(await yinzhang(...base), 1, /locked\.pdf: This PDF is protected by a password/);
    expectOneLine(
      await yinzhang(...base, '--password', 'wrong'),
      1,
      /The password does not open this PDF/,
    );
    expect((await yinzhang(...base, '--password', 'user')).code).toBe(0);
    // The output keeps its password (trust.test.ts judges it with qpdf); --decrypt drops it.
    // qpdf --requires-password exits 0 when the file needs one.
    expect(() => execFileSync('qpdf', ['--requires-password', at('unlocked.pdf')])).not.toThrow();
    expect((await yinzhang(...base, '--password', 'user', '--decrypt', '-q')).code).toBe(0);
    expect((await redBoxes(at('unlocked.pdf')))[0]).toBeDefined();
  });
});

describe('paging-seal, merge, img2pdf', () => {
  it('paging-seal puts a strip at the right edge of every page', async () => {
    expect(
      (
        await yinzhang(
          'paging-seal',
          'three.pdf',
          '--image',
          'seal.png',
          '--width',
          '42mm',
          '-o',
          'paged.pdf',
        )
      ).code,
    ).toBe(0);
    for (const box of await redBoxes(at('paged.pdf')))
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeCloseTo(1, 1);
  });

  it('merge keeps every page and skips a bad file with a note', async () => {
    const run = await yinzhang('merge', 'three.pdf', 'seal.png', 'two.pdf', '-o', 'merged.pdf');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/skipped seal\.png: This file is not a PDF/);
    expect(pageCount(at('merged.pdf'))).toBe(5);
  });

  it('merge fails when no file can be read', async () => {
    const run = await yinzhang('merge', 'seal.png', '-o', 'none.pdf', '-q');
    expectOneLine(run, 1, /none of the files could be read/);
  });

  it('img2pdf makes one page per image', async () => {
    const run = await yinzhang(
      'img2pdf',
      'photo.jpg',
      'seal.png',
      '--page-size',
      'fit',
      '-o',
      'images.pdf',
    );
    expect(run.code).toBe(0);
    const doc = await PDF.load(readFileSync(at('images.pdf')));
    expect(doc.getPages().map((p) => Math.round(p.width))).toEqual([150, 150]);
    expect(run.stderr).toMatch(/^wrote images\.pdf \(2 pages, \d+ KB\)$/m);
  });

  it('img2pdf of one image says "1 page"', async () => {
    const run = await yinzhang('img2pdf', 'photo.jpg', '-o', 'one-image.pdf');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^wrote one-image\.pdf \(1 page, \d+ KB\)$/m);
  });
});
