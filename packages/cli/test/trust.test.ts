/**
 * Writes onto signed and encrypted PDFs through the real binary (issue 14), judged by pdfsig and
 * qpdf: signatures stay valid and the input is a byte prefix of the output; encryption is kept
 * unless --decrypt; refusals are one line, a non-zero exit and no output file.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EncryptionMethod,
  type OutsideSigner,
  outsideSigner,
  qpdfCheck,
  qpdfEncrypt,
  qpdfEncryption,
  withXrefStream,
  withXrefTable,
} from '../../../test-support/outside-signer';
// The certification structure no outside tool writes (the engine's own tests use it too).
import { certified, claimsPdfA } from '../../pdf/test/helpers/update-fixtures';
import { a4Pages, at, dir, expectOneLine, makeInputs, redBoxes, yinzhang } from './helpers';

let signer: OutsideSigner;
afterAll(() => signer?.dispose());

const read = (name: string) => new Uint8Array(readFileSync(at(name)));
const put = (name: string, bytes: Uint8Array) => writeFileSync(at(name), bytes);
/** pdfsig's verdicts, true for "Signature is Valid.", in file order. */
const verdicts = (name: string) => signer.check(read(name)).map((c) => c.valid);
const checks = (name: string, password?: string) => qpdfCheck(read(name), password);

/** True when `output` begins with every byte of `input`: an incremental update. */
function startsWith(output: string, input: string): boolean {
  const a = readFileSync(at(input));
  const b = readFileSync(at(output));
  return b.length > a.length && b.subarray(0, a.length).equals(a);
}

/** A 3-page PDF (@libpdf/core writes it; qpdf gives it the kind of cross-reference asked for). */
const plain = (): Promise<Uint8Array> => a4Pages(3);

/**
 * A file whose xref offsets are all wrong (bytes inserted after the header; startxref still
 * right), as a careless writer leaves them: readers repair it, and pdfsig signs it anyway.
 */
function damaged(bytes: Uint8Array): Uint8Array {
  const buffer = Buffer.from(bytes);
  const cut = buffer.indexOf(0x0a) + 1;
  const pad = Buffer.from(`%${'x'.repeat(40)}\n`);
  const text = Buffer.concat([buffer.subarray(0, cut), pad, buffer.subarray(cut)])
    .toString('latin1')
    .replace(
      /startxref\s+(\d+)\s*%%EOF\s*$/,
      (_, n) => `startxref\n${Number(n) + pad.length}\n%%EOF\n`,
    );
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

beforeAll(async () => {
  await makeInputs();
  signer = outsideSigner();
  const base = await plain();
  put('signed-table.pdf', signer.sign(withXrefTable(base), { field: 'Buyer' }));
  put('signed-stream.pdf', signer.sign(withXrefStream(base), { field: 'Buyer' }));
  // Two earlier revisions, each with its own signature.
  put('signed-twice.pdf', signer.sign(read('signed-table.pdf'), { field: 'Seller' }));
  put('signed-damaged.pdf', signer.sign(damaged(base), { field: 'Buyer' }));
  put('certified.pdf', await certified(withXrefTable(base), 1));
  put('certified-forms.pdf', await certified(withXrefTable(base), 2));
  put('archive.pdf', await claimsPdfA(withXrefTable(base), 1, 'b'));
  const methods: [string, EncryptionMethod, string[]][] = [
    ['aes256.pdf', 'AES-256', []],
    ['aes128.pdf', 'AES-128', []],
    ['rc4-128.pdf', 'RC4-128', []],
    ['restricted.pdf', 'AES-256', ['--modify=none']],
  ];
  for (const [name, method, restrictions] of methods) {
    put(
      name,
      qpdfEncrypt(read('three.pdf'), {
        method,
        userPassword: 'user',
        ownerPassword: 'owner',
        restrictions,
      }),
    );
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
      expect(startsWith(output, input)).toBe(true);
      expect(verdicts(output)).toEqual(input === 'signed-twice.pdf' ? [true, true] : [true]);
      expect(checks(output)).toBeNull();
      expect((await redBoxes(at(output))).some(Boolean)).toBe(true);
    },
  );
});

describe('an encrypted PDF keeps its method and both passwords', () => {
  const methods = [
    ['aes256.pdf', 'AES-256'],
    ['aes128.pdf', 'AES-128'],
    ['rc4-128.pdf', 'RC4-128'],
  ] as const;
  it.each(
    methods.flatMap(([input, method]) =>
      WRITES.map(([name, args]) => [input, name, method, args] as const),
    ),
  )('%s, %s', async (input, name, method, args) => {
    const output = `enc-${name.replace(/\W+/g, '-')}-${input}`;
    const run = await write(args, input, output, '--password', 'user');
    expect(run.code, run.stderr).toBe(0);
    expect(startsWith(output, input)).toBe(true);
    for (const password of ['user', 'owner']) {
      expect(qpdfEncryption(read(output), password)).toBe(method);
      expect(checks(output, password)).toBeNull();
    }
    // Without a password it does not open.
    expect(checks(output, '')).not.toBeNull();
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
      expect(qpdfEncryption(read(output), '')).toBeNull();
      expect(checks(output)).toBeNull();
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
      expect(qpdfEncryption(read(output), 'user')).toBe('AES-256');
      const shown = await promisify(execFile)('qpdf', [
        '--password=user',
        '--show-encryption',
        at(output),
      ]);
      expect(shown.stdout).toMatch(/modify anything: not allowed/);
    }
  });

  it.each([
    ['the user password', ['--password', 'user', '--ignore-restrictions'], 1],
    ['the owner password', ['--password', 'owner'], 0],
  ] as const)('--decrypt with %s', async (_, extra, code) => {
    const output = `restricted-decrypt-${code}.pdf`;
    const run = await write(
      WRITES[0]?.[1] as string[],
      'restricted.pdf',
      output,
      ...extra,
      '--decrypt',
    );
    if (code === 1) {
      expectOneLine(run, 1, /refused: .*--decrypt needs its owner password/);
      expectNothingWritten(output);
    } else {
      expect(run.code, run.stderr).toBe(0);
      expect(qpdfEncryption(read(output), '')).toBeNull();
    }
  });
});

describe('refusals: one line, exit 1, no output file, an existing output untouched', () => {
  const cases: [string, string, string[], RegExp][] = [
    ['no password', 'aes256.pdf', [], /aes256\.pdf: This PDF is protected by a password/],
    [
      'a wrong password',
      'aes256.pdf',
      ['--password', 'nope'],
      /The password does not open this PDF/,
    ],
    [
      'a certification allowing no changes',
      'certified.pdf',
      [],
      /certified\.pdf: refused: the file is certified and a certification signature on it allows no changes: --force-rewrite/,
    ],
    [
      'a signed file that needed repair',
      'signed-damaged.pdf',
      [],
      /signed-damaged\.pdf: refused: this signed file is damaged.*--force-rewrite/,
    ],
  ];
  it.each(
    cases.flatMap(([why, input, extra, pattern]) =>
      WRITES.map(([name, args]) => [why, name, input, extra, pattern, args] as const),
    ),
  )('%s, %s', async (why, name, input, extra, pattern, args) => {
    const output = `refused-${why.replace(/\W+/g, '-')}-${name.replace(/\W+/g, '-')}.pdf`;
    expectOneLine(await write(args, input, output, ...extra), 1, pattern);
    expectNothingWritten(output);
    writeFileSync(at(output), 'an earlier result');
    expect((await write(args, input, output, ...extra)).code).toBe(1);
    expect(readFileSync(at(output), 'utf8')).toBe('an earlier result');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a certification that allows form filling is appended to, and --force-rewrite writes past P=1', async () => {
    const [, args] = WRITES[0] as [string, string[]];
    const run = await write(args, 'certified-forms.pdf', 'certified-forms-out.pdf');
    expect(run.code, run.stderr).toBe(0);
    expect(startsWith('certified-forms-out.pdf', 'certified-forms.pdf')).toBe(true);
    const forced = await write(
      args,
      'certified.pdf',
      'certified-forced.pdf',
      '--force-rewrite',
      '-q',
    );
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toMatch(/^warning: .*Certification/m);
    expect(checks('certified-forced.pdf')).toBeNull();
  });

  it.each(WRITES)(
    '--force-rewrite, %s: rewrites a damaged signed file and names the signature it invalidates',
    async (name, args) => {
      expect(verdicts('signed-damaged.pdf')).toEqual([true]);
      const output = `forced-${name.replace(/\W+/g, '-')}.pdf`;
      const run = await write(args, 'signed-damaged.pdf', output, '--force-rewrite', '-q');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(
        /^warning: the full rewrite invalidates these signatures: .*Buyer/m,
      );
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(checks(output)).toBeNull();
      expect(verdicts(output)).not.toEqual([true]);
    },
  );
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
    expect(checks('merged.pdf')).toBeNull();
  });

  it('names each input that claimed PDF/A: the merged file is not PDF/A (issue 19)', async () => {
    const run = await yinzhang('merge', 'three.pdf', 'archive.pdf', '-q', '-o', 'merged-a.pdf');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.trim().split('\n')).toEqual([
      'note: archive.pdf: it claimed PDF/A; the merged file is not PDF/A',
    ]);
    expect(checks('merged-a.pdf')).toBeNull();
  });

  it('says nothing of signatures when no input has any', async () => {
    const run = await yinzhang('merge', 'three.pdf', 'two.pdf', '-q', '-o', 'merged-plain.pdf');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });
});

describe('writes go through a temporary file and a rename', () => {
  it.each([
    ['merge', ['merge', 'three.pdf', 'two.pdf']],
    ['img2pdf', ['img2pdf', 'photo.jpg']],
    ['stamp', ['stamp', 'three.pdf', ...STAMP, '--page', '1']],
  ])(
    '%s: a failed rename (the output is a folder) leaves no temporary file behind',
    async (_, args) => {
      mkdirSync(at('a-folder'), { recursive: true });
      const run = await yinzhang(...args, '-q', '-o', 'a-folder');
      expectOneLine(run, 1, /a-folder/);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      expect(readdirSync(at('a-folder'))).toEqual([]);
    },
  );
});

describe('--help', () => {
  it.each(['stamp', 'paging-seal'])('%s names the new flags', async (command) => {
    const run = await yinzhang(command, '--help');
    for (const flag of ['--decrypt', '--ignore-restrictions', '--force-rewrite', '--password'])
      expect(run.stdout).toContain(flag);
    expect(run.stdout).not.toMatch(/output is not encrypted/);
  });
});
