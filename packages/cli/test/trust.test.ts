/**
 * Writes onto signed and encrypted PDFs through the real binary (issue 14), judged by pdfsig and
 * qpdf: signatures stay valid and the input is a byte prefix of the output; encryption is kept
 * unless --decrypt; refusals are one line, a non-zero exit and no output file.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, dir, expectOneLine, makeInputs, redBoxes, yinzhang } from './helpers';
import {
  makeSigner,
  pdfsigSign,
  pdfsigVerdicts,
  qpdfCheck,
  qpdfEncrypt,
  qpdfEncryption,
  startsWith,
} from './judges';

const VALID = 'Signature is Valid.';
let nss = '';

/** A 3-page PDF, with a classic cross-reference table or a cross-reference stream. */
async function plain(name: string, xref: 'table' | 'stream') {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) {
    doc
      .addPage([595.28, 841.89])
      .drawRectangle({ x: 20, y: 20, width: 40, height: 40, color: rgb(0, 0, 0) });
  }
  writeFileSync(at(name), await doc.save({ useObjectStreams: xref === 'stream' }));
}

/** The same file with its xref offsets all wrong (bytes inserted after the header), then signed. */
function damage(input: string, output: string) {
  const bytes = readFileSync(at(input));
  const cut = bytes.indexOf(0x0a) + 1;
  const pad = Buffer.from(`%${'x'.repeat(40)}\n`);
  let text = Buffer.concat([bytes.subarray(0, cut), pad, bytes.subarray(cut)]).toString('latin1');
  text = text.replace(
    /startxref\s+(\d+)\s*%%EOF\s*$/,
    (_, n) => `startxref\n${Number(n) + pad.length}\n%%EOF\n`,
  );
  writeFileSync(at(output), Buffer.from(text, 'latin1'));
}

beforeAll(async () => {
  await makeInputs();
  nss = makeSigner(dir);
  await plain('table.pdf', 'table');
  await plain('stream.pdf', 'stream');
  await pdfsigSign(nss, at('table.pdf'), at('signed-table.pdf'), 'Buyer');
  await pdfsigSign(nss, at('stream.pdf'), at('signed-stream.pdf'), 'Buyer');
  // Two earlier revisions, each with its own signature.
  await pdfsigSign(nss, at('signed-table.pdf'), at('signed-twice.pdf'), 'Seller');
  damage('table.pdf', 'damaged.pdf');
  await pdfsigSign(nss, at('damaged.pdf'), at('signed-damaged.pdf'), 'Buyer');
  for (const [name, how] of [
    ['aes256.pdf', { bits: 256 }],
    ['aes128.pdf', { bits: 128, aes: true }],
    ['rc4-128.pdf', { bits: 128, aes: false }],
    ['restricted.pdf', { bits: 256, restrict: true }],
  ] as const) {
    await qpdfEncrypt(at('three.pdf'), at(name), how);
  }
});

const STAMP = ['--image', 'seal.png', '--x', '0.6', '--y', '0.1', '--width', '0.2'];
/** Every write path onto an existing PDF, as arguments after the input. */
const WRITES: [string, string[]][] = [
  ['stamp --page', ['stamp', ...STAMP, '--page', '2']],
  ['stamp --every-page', ['stamp', ...STAMP, '--every-page']],
  [
    'stamp across a page break',
    ['stamp', '--image', 'seal.png', '--x', '0.4', '--y', '0.95', '--width', '0.2', '--page', '1'],
  ],
  ['paging-seal', ['paging-seal', '--image', 'seal.png']],
];

function write([command, ...rest]: string[], input: string, output: string, ...extra: string[]) {
  return yinzhang(command as string, input, ...rest, ...extra, '-o', output);
}

/** No output file and no temporary file left in the scratch folder. */
function expectNothingWritten(output: string) {
  expect(existsSync(at(output))).toBe(false);
  expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
}

describe('a signed PDF: the stamp is appended, the signatures stay valid', () => {
  const inputs = ['signed-table.pdf', 'signed-stream.pdf', 'signed-twice.pdf'];
  it.each(WRITES.flatMap(([name, args]) => inputs.map((input) => [name, input, args] as const)))(
    '%s on %s',
    async (name, input, args) => {
      const output = `out-${name.replace(/\W+/g, '-')}-${input}`;
      const run = await write(args, input, output);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(/warning/);
      expect(startsWith(at(output), at(input))).toBe(true);
      const verdicts = await pdfsigVerdicts(nss, at(output));
      expect(verdicts).toEqual(input === 'signed-twice.pdf' ? [VALID, VALID] : [VALID]);
      expect(await qpdfCheck(at(output))).toBe(true);
      expect((await redBoxes(at(output))).some(Boolean)).toBe(true);
    },
  );
});

describe('an encrypted PDF keeps its method and both passwords', () => {
  it.each([
    ['aes256.pdf', /AESv3/],
    ['aes128.pdf', /AESv2/],
    ['rc4-128.pdf', /RC4/],
  ])('%s', async (input, method) => {
    for (const [name, args] of WRITES) {
      const output = `enc-${name.replace(/\W+/g, '-')}-${input}`;
      const run = await write(args, input, output, '--password', 'user');
      expect(run.code, run.stderr).toBe(0);
      expect(startsWith(at(output), at(input))).toBe(true);
      for (const password of ['user', 'owner']) {
        const shown = await qpdfEncryption(at(output), password);
        expect(shown).toMatch(method);
        expect(shown).not.toMatch(/not encrypted|invalid password/i);
      }
      expect(await qpdfCheck(at(output), 'user')).toBe(true);
      // Without a password it does not open.
      expect(await qpdfEncryption(at(output))).toMatch(/invalid password/i);
    }
  });

  it('pages render with the stamp (pdftoppm -upw)', async () => {
    const run = await write(
      WRITES[0]?.[1] as string[],
      'aes256.pdf',
      'render.pdf',
      '--password',
      'owner',
    );
    expect(run.code, run.stderr).toBe(0);
    const { stdout } = await promisify(execFile)(
      'pdftoppm',
      ['-upw', 'user', '-r', '20', '-f', '2', '-l', '2', '-png', at('render.pdf')],
      { encoding: 'buffer', maxBuffer: 1 << 24 },
    );
    expect(stdout.length).toBeGreaterThan(100);
    // redBoxes cannot pass a password: decrypt a copy with qpdf and look for the stamp there.
    await promisify(execFile)('qpdf', [
      '--password=user',
      '--decrypt',
      at('render.pdf'),
      at('render-plain.pdf'),
    ]);
    const boxes = await redBoxes(at('render-plain.pdf'));
    expect(boxes[1]?.x).toBeCloseTo(0.6, 2);
  });

  it('--decrypt writes it without a password and says so on stderr', async () => {
    for (const [name, args] of WRITES) {
      const output = `plain-${name.replace(/\W+/g, '-')}.pdf`;
      const run = await write(args, 'aes256.pdf', output, '--password', 'user', '--decrypt');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/without a password/);
      expect(await qpdfEncryption(at(output))).toMatch(/File is not encrypted/);
    }
  });

  it('-q still says that the password was removed', async () => {
    const run = await write(
      WRITES[0]?.[1] as string[],
      'aes256.pdf',
      'quiet.pdf',
      '--password',
      'user',
      '--decrypt',
      '-q',
    );
    expect(run.code).toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/without a password/);
  });
});

describe('restrictions: the owner password or --ignore-restrictions', () => {
  it.each(WRITES)('%s', async (name, args) => {
    const output = `restricted-${name.replace(/\W+/g, '-')}.pdf`;
    expectOneLine(
      await write(args, 'restricted.pdf', output, '--password', 'user'),
      1,
      /restricted\.pdf: refused: .*permissions forbid changes.*--ignore-restrictions/,
    );
    expectNothingWritten(output);
    for (const extra of [
      ['--password', 'owner'],
      ['--password', 'user', '--ignore-restrictions'],
    ]) {
      const run = await write(args, 'restricted.pdf', output, ...extra);
      expect(run.code, run.stderr).toBe(0);
      // Still encrypted, with the same restrictions.
      const shown = await qpdfEncryption(at(output), 'user');
      expect(shown).toMatch(/modify anything: not allowed/);
    }
  });
});

describe('refusals: one line, exit 1, no output file, an existing output untouched', () => {
  it.each([
    ['no password', 'aes256.pdf', [], /aes256\.pdf: This PDF is protected by a password/],
    [
      'a wrong password',
      'aes256.pdf',
      ['--password', 'nope'],
      /The password does not open this PDF/,
    ],
    [
      'a signed file that needed repair',
      'signed-damaged.pdf',
      [],
      /signed-damaged\.pdf: refused: this signed file is damaged.*--force-rewrite/,
    ],
  ])('%s', async (_, input, extra, pattern) => {
    for (const [name, args] of WRITES) {
      const output = `refused-${name.replace(/\W+/g, '-')}.pdf`;
      expectOneLine(await write(args, input, output, ...extra), 1, pattern);
      expectNothingWritten(output);
      writeFileSync(at(output), 'an earlier result');
      expect((await write(args, input, output, ...extra)).code).toBe(1);
      expect(readFileSync(at(output), 'utf8')).toBe('an earlier result');
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    }
  });

  it('--force-rewrite rewrites a damaged signed file and names the signature it invalidates', async () => {
    expect(await pdfsigVerdicts(nss, at('signed-damaged.pdf'))).toEqual([VALID]);
    for (const [name, args] of WRITES) {
      const output = `forced-${name.replace(/\W+/g, '-')}.pdf`;
      const run = await write(args, 'signed-damaged.pdf', output, '--force-rewrite', '-q');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(
        /^warning: the full rewrite invalidates these signatures: .*Buyer/m,
      );
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(await qpdfCheck(at(output))).toBe(true);
      expect(await pdfsigVerdicts(nss, at(output))).not.toEqual([VALID]);
    }
  });
});

describe('merge', () => {
  it('names each input whose signatures are dropped', async () => {
    const run = await yinzhang(
      'merge',
      'three.pdf',
      'signed-table.pdf',
      'signed-twice.pdf',
      '-q',
      '-o',
      'merged.pdf',
    );
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toEqual([
      'warning: signed-table.pdf: its digital signatures are not kept in the merged file',
      'warning: signed-twice.pdf: its digital signatures are not kept in the merged file',
    ]);
    expect(await qpdfCheck(at('merged.pdf'))).toBe(true);
  });

  it('says nothing of signatures when no input has any', async () => {
    const run = await yinzhang('merge', 'three.pdf', 'two.pdf', '-q', '-o', 'merged-plain.pdf');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });
});

describe('--help', () => {
  it.each(['stamp', 'paging-seal'])('%s names the new flags', async (command) => {
    const run = await yinzhang(command, '--help');
    for (const flag of ['--decrypt', '--ignore-restrictions', '--force-rewrite', '--password'])
      expect(run.stdout).toContain(flag);
    expect(run.stdout).not.toMatch(/output is not encrypted/);
  });
});
