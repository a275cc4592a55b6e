/**
 * The real `yinzhang` binary on broken and hostile PDFs: one line on stderr naming the file and
 * the fault, exit code 1, no stack trace; merge leaves the bad file out and says so. Each run is
 * killed after a hang guard (see helpers), which fails its test.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deepPageTree,
  edited,
  nested,
  noise,
  noiseWithMarkers,
  qpdfEncrypt,
  twoPages,
} from '../../pdf/test/helpers/broken-pdfs';
import { buildPdf } from '../../pdf/test/helpers/raw-pdf';
import { at, expectOneLine, makeInputs, pageCount, yinzhang } from './helpers';

const plain = twoPages();
const firstPage = '/Type /Page /Parent 2 0 R';
const rootPages = /\/Type \/Pages \/Kids \[([^\]]*)\] \/Count \d+/;
const DAMAGED = /This PDF is damaged or incomplete$/;
const NOT_PDF = /This file is not a PDF$/;

interface Case {
  readonly name: string;
  /** The file name it is saved under: what the message must name. */
  readonly file: string;
  readonly bytes: Uint8Array;
  readonly args?: readonly string[];
  readonly message: RegExp;
}

const CASES: readonly Case[] = [
  // Written by beforeAll: the seal PNG under a .pdf name.
  { name: 'a PNG renamed .pdf', file: 'image.pdf', bytes: new Uint8Array(), message: NOT_PDF },
  // Cut inside an object or the cross-reference table: qpdf refuses these too. (Cut at 97%,
  // just before `startxref`, the trailer survives: qpdf and we repair it, below.)
  ...[0.1, 0.5, 0.9].map((share) => ({
    name: `cut at ${share * 100}%`,
    file: `cut-${share}.pdf`,
    bytes: plain.subarray(0, Math.floor(plain.length * share)),
    message: /This PDF is incomplete \(the end of the file is missing\)$/,
  })),
  {
    name: 'encrypted, no password',
    file: 'locked.pdf',
    bytes: qpdfEncrypt(plain, 'user', 'owner'),
    message: /This PDF is protected by a password$/,
  },
  {
    name: 'encrypted, wrong password',
    file: 'locked2.pdf',
    bytes: qpdfEncrypt(plain, 'user', 'owner'),
    args: ['--password', 'nope'],
    message: /The password does not open this PDF$/,
  },
  {
    name: 'zero pages',
    file: 'empty.pdf',
    bytes: edited((b) => b.replace(rootPages, '/Type /Pages /Count 0')),
    message: /This PDF has no pages$/,
  },
  {
    name: 'arrays nested 100,000 deep in the catalog',
    file: 'deep.pdf',
    bytes: edited((b) =>
      b.replace('/Type /Catalog', `/Type /Catalog /X ${nested('array', 100_000)}`),
    ),
    message: DAMAGED,
  },
  {
    name: 'a page tree 10,000 levels deep',
    file: 'deep-tree.pdf',
    bytes: deepPageTree(10_000),
    message: DAMAGED,
  },
  {
    name: 'a /Parent loop',
    file: 'parent-loop.pdf',
    bytes: edited((b) => b.replace(firstPage, '/Type /Page /Parent 3 0 R')),
    message: DAMAGED,
  },
  {
    name: 'a /Kids cycle',
    file: 'kids-cycle.pdf',
    bytes: edited((b) => b.replace(rootPages, (m) => m.replace('/Kids [', '/Kids [2 0 R '))),
    message: DAMAGED,
  },
  { name: 'noise', file: 'noise.pdf', bytes: noise(65_536), message: NOT_PDF },
  {
    name: 'noise behind a PDF header',
    file: 'noise2.pdf',
    bytes: noiseWithMarkers(65_536),
    message: DAMAGED,
  },
  { name: 'zero bytes', file: 'zero.pdf', bytes: new Uint8Array(), message: NOT_PDF },
];

beforeAll(async () => {
  await makeInputs();
  for (const c of CASES)
    if (c.bytes.length > 0 || c.file === 'zero.pdf') writeFileSync(at(c.file), c.bytes);
  copyFileSync(at('seal.png'), at('image.pdf'));
});

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const naming = (c: Case, command: string) =>
  new RegExp(`^yinzhang ${command}: ${literal(c.file)}: ${c.message.source}`);

// One process per case for stamp; paging-seal and merge share the engine's open, so a few
// cases and one merge over every file keep the suite short.
describe('stamp: one line naming the file and the fault, exit 1', () => {
  it.each(CASES)('$name', async (c) => {
    const run = await yinzhang(
      'stamp',
      c.file,
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
      ...(c.args ?? []),
      '-o',
      'out.pdf',
    );
    expectOneLine(run, 1, naming(c, 'stamp'));
  });
});

// Readers rebuild a cross-reference table they cannot use by scanning for objects (issue 19):
// such a file is stamped, rewritten in full, and the user is told.
describe.each([
  [
    'whose cross-reference data is broken',
    new TextEncoder().encode(
      new TextDecoder('latin1')
        .decode(plain)
        .replace(/xref\n[\s\S]*?trailer/, 'trailer')
        .replace(/startxref\n\d+/, 'startxref\nabc'),
    ),
  ],
  // Every object and the trailer are there; qpdf --check reads it too (exit 3, two pages).
  ['cut at 97%, just before startxref', plain.subarray(0, Math.floor(plain.length * 0.97))],
])('a file %s', (_, broken) => {
  it('is repaired, stamped and said so; merge takes it too', async () => {
    writeFileSync(at('bad-xref.pdf'), broken);
    const args = ['--image', 'seal.png', '--page', '1', '--x', '0.1', '--y', '0.1'];
    const run = await yinzhang(
      'stamp',
      'bad-xref.pdf',
      ...args,
      '--width',
      '0.2',
      '-o',
      'fixed.pdf',
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^note: This PDF's cross-reference data was broken and rebuilt$/m);
    expect(pageCount(at('fixed.pdf'))).toBe(2);
    const merged = await yinzhang('merge', 'bad-xref.pdf', 'two.pdf', '-o', 'both.pdf');
    expect(merged.code).toBe(0);
    expect(pageCount(at('both.pdf'))).toBe(4);
  });
});

describe('paging-seal: the same', () => {
  it.each(CASES.filter((c) => /cut at 50|wrong password|Parent loop|deep in/.test(c.name)))(
    '$name',
    async (c) => {
      const run = await yinzhang(
        'paging-seal',
        c.file,
        '--image',
        'seal.png',
        ...(c.args ?? []),
        '-o',
        'out.pdf',
      );
      expectOneLine(run, 1, naming(c, 'paging-seal'));
    },
  );
});

describe('merge', () => {
  const bad = CASES.filter((c) => c.args === undefined);

  it('skips every broken file with a note and merges the good ones', async () => {
    const run = await yinzhang(
      'merge',
      'two.pdf',
      ...bad.map((c) => c.file),
      'three.pdf',
      '-o',
      'merged.pdf',
    );
    expect(run.code).toBe(0);
    for (const c of bad) {
      expect(run.stderr).toMatch(
        new RegExp(`^skipped ${literal(c.file)}: ${c.message.source}`, 'm'),
      );
    }
    expect(run.stderr).toMatch(
      new RegExp(`wrote merged\\.pdf \\(2 of ${bad.length + 2} files, 5 pages`),
    );
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(pageCount(at('merged.pdf'))).toBe(5);
  });

  it('with only broken files: one line, exit 1', async () => {
    const run = await yinzhang('merge', ...bad.map((c) => c.file), '-o', 'none.pdf', '-q');
    expectOneLine(run, 1, /^yinzhang merge: none of the files could be read$/);
  });
});

describe('10,000 pages', () => {
  it('stamp --every-page writes all of them', async () => {
    const pages = Array.from({ length: 10_000 }, () => ({ mediaBox: [0, 0, 595, 842] }));
    writeFileSync(at('big.pdf'), buildPdf(pages));
    const run = await yinzhang(
      'stamp',
      'big.pdf',
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
      'big-out.pdf',
      '-q',
    );
    expect(run.code).toBe(0);
    expect(pageCount(at('big-out.pdf'))).toBe(10_000);
  });
});
