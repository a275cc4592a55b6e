/**
 * `yinzhang sign` and `yinzhang verify` as users run them, judged by pdfsig, qpdf and a render:
 * exit codes, one-line errors with no output file, --json, the text in zh and en, a local TSA.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Identity, makeIdentity } from '../../../test-support/certs';
import {
  pdfsigReport,
  qpdfCheck,
  qpdfEncrypt,
  qpdfEncryption,
} from '../../../test-support/outside-signer';
import { type LocalTsa, startTsa } from '../../../test-support/tsa';
import { at, dir, expectOneLine, makeInputs, pdf, type Run, redBoxes, yinzhang } from './helpers';

const BIN = resolve(import.meta.dirname, '../bin/yinzhang.mjs');
// Each run is a whole Node process (seconds on a busy machine): tests with several runs get room
// (a hang guard, not a speed target).

/** Runs the binary with extra environment (language, TSA timeout). */
async function yz(env: Record<string, string>, ...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      cwd: dir,
      env: { ...process.env, ...env },
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const P12_PASSWORD = 'secret';
let rsa: Identity;
let ec: Identity;
let expired: Identity;
let weak: Identity;
let p12: string;
let ecP12: string;

const place = ['--image', 'seal.png', '--page', '1', '--x', '0.6', '--y', '0.7', '--width', '42mm'];
const sign = (input: string, output: string, ...more: string[]) =>
  yinzhang(
    'sign',
    input,
    '--p12',
    p12,
    '--p12-password',
    P12_PASSWORD,
    ...place,
    ...more,
    '-o',
    output,
  );

beforeAll(async () => {
  await makeInputs();
  rsa = makeIdentity('Zhang San');
  ec = makeIdentity('李四', { key: 'p384' });
  expired = makeIdentity('Old Signer', { expired: true });
  weak = makeIdentity('Weak Signer', { key: 'rsa1024' });
  p12 = rsa.p12('default', P12_PASSWORD);
  ecP12 = ec.p12('legacy', P12_PASSWORD);
}, 60_000);
afterAll(() => {
  for (const id of [rsa, ec, expired, weak]) id.dispose();
});

describe('yinzhang sign', { timeout: 180_000 }, () => {
  it('signs with the seal where stamp would put it, and pdfsig says valid', async () => {
    const run = await sign('three.pdf', 'signed.pdf', '--reason', '同意', '--location', '上海');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/wrote signed\.pdf \(PAdES B-B/);
    const bytes = readFileSync(at('signed.pdf'));
    expect(qpdfCheck(bytes)).toBeNull();
    expect(pdfsigReport(at('signed.pdf'))).toMatchObject([
      { field: 'Signature1', signer: 'Zhang San', valid: true, wholeDocument: true },
    ]);
    // The seal is the signature's appearance: drawn at the placement, 42 mm of a 210 mm page.
    const [first] = await redBoxes(at('signed.pdf'));
    expect(first?.x).toBeCloseTo(0.6, 1);
    expect(first?.y).toBeCloseTo(0.7, 1);
    expect(first?.width).toBeCloseTo(0.2, 1);
  });

  it('adds a second signature (EC, rotated, on page 2) that leaves the first valid', async () => {
    const run = await yinzhang(
      'sign',
      'signed.pdf',
      '--p12',
      ecP12,
      '--p12-password',
      P12_PASSWORD,
      '--image',
      'seal.png',
      '--page',
      '2',
      '--x',
      '0.1',
      '--y',
      '0.1',
      '--width',
      '0.3',
      '--rotate',
      '90',
      '-o',
      'twice.pdf',
    );
    expect(run.code).toBe(0);
    expect(qpdfCheck(readFileSync(at('twice.pdf')))).toBeNull();
    expect(pdfsigReport(at('twice.pdf')).map((s) => [s.signer, s.valid, s.wholeDocument])).toEqual([
      ['Zhang San', true, false],
      ['李四', true, true],
    ]);
  });

  it('keeps an encrypted input encrypted', async () => {
    writeFileSync(
      at('locked.pdf'),
      qpdfEncrypt(readFileSync(at('two.pdf')), {
        method: 'AES-256',
        userPassword: 'u',
        ownerPassword: 'o',
      }),
    );
    const run = await sign('locked.pdf', 'locked-signed.pdf', '--password', 'u');
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/decrypt|\bat /);
    const bytes = readFileSync(at('locked-signed.pdf'));
    expect(qpdfEncryption(bytes, 'u')).toBe('AES-256');
    expect(pdfsigReport(at('locked-signed.pdf'), undefined, 'u')[0]?.valid).toBe(true);
  });

  it('certifies; a later signature or stamp is refused', async () => {
    expect((await sign('two.pdf', 'certified.pdf', '--certify')).code).toBe(0);
    expect(readFileSync(at('certified.pdf'), 'latin1')).toMatch(/\/P 1\b/);
    expectOneLine(await sign('certified.pdf', 'no.pdf'), 1, /certified .* allows no changes$/);
    expect(existsSync(at('no.pdf'))).toBe(false);
    const stamp = await yinzhang('stamp', 'certified.pdf', ...place, '-o', 'no-stamp.pdf');
    expectOneLine(stamp, 1, /certified .* allows no changes: --force-rewrite/);
    expect(existsSync(at('no-stamp.pdf'))).toBe(false);
    expect((await sign('two.pdf', 'forms.pdf', '--certify=forms')).code).toBe(0);
    expect(readFileSync(at('forms.pdf'), 'latin1')).toMatch(/\/P 2\b/);
    expect((await sign('forms.pdf', 'forms-twice.pdf')).code).toBe(0);
  });

  it('signs with an expired certificate, with a warning', async () => {
    const run = await yinzhang(
      'sign',
      'two.pdf',
      '--p12',
      expired.p12('default', 'x'),
      '--p12-password',
      'x',
      ...place,
      '-o',
      'expired.pdf',
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/warning: The certificate expired on 2021-01-01/);
  });

  const refusals: { name: string; args: () => string[]; pattern: RegExp; code?: number }[] = [
    {
      name: 'a wrong certificate password',
      args: () => ['--p12', p12, '--p12-password', 'nope'],
      pattern: /certificate password is wrong/,
    },
    {
      name: 'a file that is not a certificate',
      args: () => ['--p12', 'seal.png'],
      pattern: /not a \.p12\/\.pfx/,
    },
    {
      name: 'a .p12 without a key',
      args: () => ['--p12', rsa.p12('default', 'k', { noKey: true }), '--p12-password', 'k'],
      pattern: /no private key/,
    },
    {
      name: 'an RSA 1024 key',
      args: () => ['--p12', weak.p12('default', 'k'), '--p12-password', 'k'],
      pattern: /RSA 1024 bits; at least 2048/,
    },
    {
      name: 'a missing certificate file',
      args: () => ['--p12', 'none.p12'],
      pattern: /none\.p12: no such file/,
    },
    { name: 'no --p12', args: () => [], pattern: /--p12 is required/, code: 2 },
    {
      name: 'a bad --certify',
      args: () => ['--p12', p12, '--certify=maybe'],
      pattern: /--certify takes no value, or =forms/,
      code: 2,
    },
  ];
  it.each(refusals)(
    'refuses $name in one line, writing nothing',
    async ({ args, pattern, code }) => {
      const run = await yinzhang('sign', 'two.pdf', ...args(), ...place, '-o', 'refused.pdf');
      expectOneLine(run, code ?? 1, pattern);
      expect(existsSync(at('refused.pdf'))).toBe(false);
    },
  );

  it('refuses a wrong PDF password', async () => {
    expectOneLine(
      await sign('locked.pdf', 'refused.pdf', '--password', 'bad'),
      1,
      /password does not open/,
    );
    expect(existsSync(at('refused.pdf'))).toBe(false);
  });
});

describe('yinzhang sign --tsa', { timeout: 180_000 }, () => {
  let tsa: LocalTsa;
  beforeAll(async () => {
    tsa = await startTsa('ok');
  });
  afterAll(() => tsa.close());

  it('adds a timestamp (B-T) that verify reports', async () => {
    const run = await sign('two.pdf', 'stamped-time.pdf', '--tsa', tsa.url);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/PAdES B-T/);
    expect(pdfsigReport(at('stamped-time.pdf'))[0]?.valid).toBe(true);
    const v = await yinzhang('verify', 'stamped-time.pdf', '--json');
    expect(JSON.parse(v.stdout).signatures[0].signedAtSource).toBe('timestamp');
  });

  it.each(['garbage', 'http-error', 'silent'] as const)(
    'a TSA that answers %s: one line, no file',
    async (mode) => {
      const bad = await startTsa(mode);
      try {
        const run = await yz(
          { YINZHANG_TSA_TIMEOUT_MS: '1500' },
          'sign',
          'two.pdf',
          '--p12',
          p12,
          '--p12-password',
          P12_PASSWORD,
          ...place,
          '--tsa',
          bad.url,
          '-o',
          'no-time.pdf',
        );
        expectOneLine(run, 1, /timestamp authority (answered something|did not answer|refused)/);
        expect(existsSync(at('no-time.pdf'))).toBe(false);
      } finally {
        await bad.close();
      }
    },
  );
});

describe('yinzhang verify', { timeout: 180_000 }, () => {
  it('--json prints exactly the documented fields; exit 0 when all are intact', async () => {
    const run = await yinzhang('verify', 'twice.pdf', '--json');
    expect(run.code).toBe(0);
    const parsed = JSON.parse(run.stdout);
    expect(Object.keys(parsed)).toEqual(['signatures']);
    expect(parsed.signatures).toHaveLength(2);
    for (const s of parsed.signatures) {
      expect(Object.keys(s)).toEqual([
        'field',
        'signer',
        'signedAt',
        'signedAtSource',
        'intact',
        'wholeDocument',
        'trusted',
        'subFilter',
      ]);
    }
    expect(parsed.signatures[0]).toMatchObject({
      field: 'Signature1',
      signer: 'Zhang San',
      signedAtSource: 'M',
      intact: true,
      wholeDocument: false,
      trusted: false,
      subFilter: 'ETSI.CAdES.detached',
    });
    expect(parsed.signatures[1]).toMatchObject({ signer: '李四', wholeDocument: true });
  });

  it('--trust makes the signer trusted', async () => {
    const run = await yinzhang('verify', 'signed.pdf', '--json', '--trust', rsa.certPath);
    expect(JSON.parse(run.stdout).signatures[0].trusted).toBe(true);
  });

  it('speaks Chinese in a zh locale and English otherwise, naming what changed', async () => {
    const zh = await yz({ LANG: 'zh_CN.UTF-8', LC_ALL: '' }, 'verify', 'twice.pdf');
    expect(zh.code).toBe(0);
    expect(zh.stdout).toMatch(/签名 1（Signature1）/);
    expect(zh.stdout).toMatch(/签名人：Zhang San（自签名证书）/);
    expect(zh.stdout).toMatch(/签名后的修改：添加了签名/);
    expect(zh.stdout).toMatch(/结果：签名有效\n/);
    const en = await yz({ LANG: 'en_US.UTF-8', LC_ALL: '' }, 'verify', 'twice.pdf');
    expect(en.stdout).toMatch(/Signature 1 \(Signature1\)/);
    expect(en.stdout).toMatch(/Changed after signing: signature added/);
  });

  it('one byte changed inside the signed range: exit 1, and pdfsig agrees', async () => {
    const bytes = readFileSync(at('signed.pdf'));
    const i = bytes.indexOf('/MediaBox');
    bytes[i + 1] = bytes[i + 1] === 0x4d ? 0x4e : 0x4d; // /MediaBox → /NediaBox
    writeFileSync(at('tampered.pdf'), bytes);
    const run = await yinzhang('verify', 'tampered.pdf', '--json');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).signatures[0].intact).toBe(false);
    expect(pdfsigReport(at('tampered.pdf'))[0]?.valid).toBe(false);
    // The problem line speaks the locale's language (the engine's English only in English).
    const zh = await yz({ LANG: 'zh_CN.UTF-8', LC_ALL: '' }, 'verify', 'tampered.pdf');
    expect(zh.code).toBe(1);
    expect(zh.stdout).toMatch(/问题：签名校验不通过\n/);
    expect(zh.stdout).not.toMatch(/[A-Za-z]{4,} [a-z]{3,} [a-z]{3,}/);
    const en = await yz({ LANG: 'en_US.UTF-8', LC_ALL: '' }, 'verify', 'tampered.pdf');
    expect(en.stdout).toMatch(/Problems: the signature does not verify/);
  });

  it('bytes appended after signing: wholeDocument false, still intact', async () => {
    writeFileSync(
      at('appended.pdf'),
      Buffer.concat([readFileSync(at('signed.pdf')), Buffer.from('\n%extra\n')]),
    );
    const run = await yinzhang('verify', 'appended.pdf', '--json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).signatures[0]).toMatchObject({
      intact: true,
      wholeDocument: false,
    });
  });

  it('no signatures: says so, exit 1', async () => {
    const run = await yz({ LANG: 'en_US.UTF-8', LC_ALL: '' }, 'verify', 'two.pdf');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/no digital signatures/);
  });

  it('an unreadable file: one line, exit 2', async () => {
    writeFileSync(at('junk.pdf'), 'not a pdf');
    expectOneLine(await yinzhang('verify', 'junk.pdf'), 2, /junk\.pdf: This file is not a PDF/);
    expectOneLine(await yinzhang('verify', 'missing.pdf'), 2, /missing\.pdf: no such file/);
    expectOneLine(await yinzhang('verify', 'locked-signed.pdf'), 2, /password/);
    expect((await yinzhang('verify', 'locked-signed.pdf', '--password', 'u')).code).toBe(0);
  });

  it('is listed in --help with sign', async () => {
    const run = await yinzhang('--help');
    expect(run.stdout).toMatch(/^\s+sign\s+sign a PDF/m);
    expect(run.stdout).toMatch(/^\s+verify\s+check the digital signatures/m);
    expect((await yinzhang('sign', '--help')).stdout).toMatch(/--certify=forms/);
  });
});

// pdf() is shared with the other CLI tests; keep the import used for a 1-page input here.
it('signs a one-page PDF made by @libpdf/core', async () => {
  await pdf(1, 'one.pdf');
  expect((await sign('one.pdf', 'one-signed.pdf')).code).toBe(0);
});
