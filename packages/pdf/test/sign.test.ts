/**
 * signPdf and readP12, judged by outside tools: pdfsig (valid, whole document, signer, type),
 * `openssl cms -verify` on the extracted CMS, `openssl cms -cmsout -print` for the signed
 * attributes, qpdf --check on every output. Keys and .p12 files come from openssl in set-up.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cmsPrint,
  type Identity,
  type KeyKind,
  lastSignature,
  makeIdentity,
  opensslVerify,
  type P12Format,
  readBytes,
} from '../../../test-support/certs';
import {
  outsideSigner,
  qpdfCheck,
  qpdfEncrypt,
  qpdfEncryption,
} from '../../../test-support/outside-signer';
import { type LocalTsa, startTsa } from '../../../test-support/tsa';
import {
  PdfWriteRefusedError,
  readP12,
  SignError,
  signingKeyFromCryptoKey,
  signPdf,
  verifyPdf,
} from '../src';
import { discStamp } from './helpers/images';
import { pdfsig, placement, samplePdf } from './helpers/signing';

const PASSWORD = 'pässwort 1';
const KEYS: readonly { kind: KeyKind; type: 'RSA' | 'EC'; hash: string }[] = [
  { kind: 'rsa2048', type: 'RSA', hash: 'SHA-256' },
  { kind: 'rsa3072', type: 'RSA', hash: 'SHA-256' },
  { kind: 'rsa4096', type: 'RSA', hash: 'SHA-256' },
  { kind: 'p256', type: 'EC', hash: 'SHA-256' },
  { kind: 'p384', type: 'EC', hash: 'SHA-384' },
];
const FORMATS: readonly P12Format[] = ['default', 'legacy', 'windows'];

const ids = new Map<KeyKind, Identity>();
let input: Uint8Array;
const seal = discStamp();

beforeAll(async () => {
  input = await samplePdf();
  for (const { kind } of KEYS) ids.set(kind, makeIdentity(`签章人 ${kind}`, { key: kind }));
}, 120_000);
afterAll(() => {
  for (const id of ids.values()) id.dispose();
});

function id(kind: KeyKind): Identity {
  const found = ids.get(kind);
  if (!found) throw new Error(`no identity ${kind}`);
  return found;
}

const key = async (kind: KeyKind = 'rsa2048', format: P12Format = 'default') =>
  (await readP12(readBytes(id(kind).p12(format, PASSWORD)), PASSWORD)).key;

function judge(out: Uint8Array, commonName: string, password?: string) {
  expect(qpdfCheck(out, password)).toBeNull();
  const checks = pdfsig(out, password);
  const last = checks.at(-1);
  expect(last?.valid).toBe(true);
  expect(last?.wholeDocument).toBe(true);
  expect(last?.signer).toBe(commonName);
  return checks;
}

describe('signPdf with every key kind and .p12 format', () => {
  const cases = KEYS.flatMap((k) => FORMATS.map((format) => ({ ...k, format })));
  it.each(cases)('$kind from a $format .p12', async ({ kind, type, hash, format }) => {
    const signer = id(kind);
    const { key, warnings } = await readP12(readBytes(signer.p12(format, PASSWORD)), PASSWORD);
    expect(warnings).toEqual([]);
    expect(key.keyType).toBe(type);
    const out = await signPdf(input, {
      key,
      appearance: { image: seal, placement: placement() },
      reason: '同意',
      location: '北京',
    });
    judge(out, signer.commonName);
    const { cms, signed } = lastSignature(out);
    expect(opensslVerify(cms, signed)).toBe(true);
    expect(opensslVerify(cms, signed, signer.certPath)).toBe(true);
    const printed = cmsPrint(cms);
    // PAdES B-B: signing-certificate-v2 signed, no signing-time (the time is /M).
    expect(printed).toMatch(/id-smime-aa-signingCertificateV2/);
    expect(printed).not.toMatch(/signingTime/);
    expect(printed).toMatch(hash === 'SHA-384' ? /sha384/ : /sha256/);
    const text = Buffer.from(out).toString('latin1');
    expect(text).toMatch(/\/SubFilter\s*\/ETSI\.CAdES\.detached/);
    expect(text).toMatch(/\/M\s*\(D:\d{14}Z\)/);
  });
});

type ImportAlgorithm = Parameters<typeof crypto.subtle.importKey>[2];

/** The identity's PEM private key imported into WebCrypto, not extractable (as the browser keeps it). */
async function cryptoKey(kind: KeyKind, algorithm: ImportAlgorithm, pss = false) {
  const pem = readFileSync(id(kind).keyPath, 'utf8');
  const der = Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s/g, ''), 'base64');
  const alg: ImportAlgorithm = pss ? { name: 'RSA-PSS', hash: 'SHA-256' } : algorithm;
  return crypto.subtle.importKey('pkcs8', der, alg, false, ['sign']);
}

describe('signingKeyFromCryptoKey (a WebCrypto key the browser keeps)', () => {
  const cases = [
    { kind: 'rsa2048', algorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } },
    { kind: 'p256', algorithm: { name: 'ECDSA', namedCurve: 'P-256' } },
    { kind: 'p384', algorithm: { name: 'ECDSA', namedCurve: 'P-384' } },
  ] as const;
  it.each(cases)('signs with a non-extractable $kind key', async ({ kind, algorithm }) => {
    const key = signingKeyFromCryptoKey(await cryptoKey(kind, algorithm), [id(kind).certDer]);
    const out = await signPdf(input, { key, appearance: { image: seal, placement: placement() } });
    judge(out, id(kind).commonName);
    const { cms, signed } = lastSignature(out);
    expect(opensslVerify(cms, signed, id(kind).certPath)).toBe(true);
  });

  it('refuses an RSA-PSS key as KEY_UNSUPPORTED', async () => {
    const pss = await cryptoKey('rsa2048', { name: 'RSA-PSS', hash: 'SHA-256' }, true);
    expect(() => signingKeyFromCryptoKey(pss, [id('rsa2048').certDer])).toThrow(SignError);
  });

  it('refuses a certificate of another key at signing (the signature would not verify)', async () => {
    const key = signingKeyFromCryptoKey(
      await cryptoKey('p256', { name: 'ECDSA', namedCurve: 'P-256' }),
      [id('rsa2048').certDer],
    );
    const out = signPdf(input, { key, appearance: null });
    await expect(out).rejects.toMatchObject({ code: 'KEY_MISMATCH' });
  });
});

describe('the placeholder', () => {
  it.each(KEYS)('is no larger than the $kind signature needs', async ({ kind }) => {
    const out = await signPdf(input, { key: await key(kind), appearance: null });
    const { cms, range } = lastSignature(out);
    const [, before = 0, after = 0] = range;
    const room = (after - before - 2) / 2;
    expect(room).toBeGreaterThanOrEqual(cms.length);
    // ECDSA signatures vary by a few bytes; the hole is sized for the longest.
    expect(room - cms.length).toBeLessThanOrEqual(8);
  });
});

describe('readP12 refuses clearly', () => {
  const cases: { name: string; bytes: () => Uint8Array; password: string; code: string }[] = [
    {
      name: 'a wrong password',
      bytes: () => readBytes(id('rsa2048').p12('default', PASSWORD)),
      password: 'wrong',
      code: 'P12_PASSWORD_WRONG',
    },
    {
      name: 'a wrong password (legacy)',
      bytes: () => readBytes(id('rsa2048').p12('legacy', PASSWORD)),
      password: 'wrong',
      code: 'P12_PASSWORD_WRONG',
    },
    {
      name: 'a file that is not a p12',
      bytes: () => new TextEncoder().encode('-----BEGIN CERTIFICATE-----\nnope\n'),
      password: '',
      code: 'NOT_P12',
    },
    { name: 'a PDF', bytes: () => input, password: '', code: 'NOT_P12' },
    {
      name: 'a p12 without a private key',
      bytes: () => readBytes(id('rsa2048').p12('default', PASSWORD, { noKey: true })),
      password: PASSWORD,
      code: 'P12_NO_KEY',
    },
  ];
  it.each(cases)('$name → $code', async ({ bytes, password, code }) => {
    await expect(readP12(bytes(), password)).rejects.toMatchObject({ name: 'SignError', code });
  });

  it('refuses RSA 1024 as KEY_TOO_WEAK', async () => {
    const weak = makeIdentity('Weak', { key: 'rsa1024' });
    try {
      const p12 = readBytes(weak.p12('default', PASSWORD));
      await expect(readP12(p12, PASSWORD)).rejects.toMatchObject({ code: 'KEY_TOO_WEAK' });
    } finally {
      weak.dispose();
    }
  });

  it('signs with an expired certificate, with a warning', async () => {
    const old = makeIdentity('Expired Signer', { expired: true });
    try {
      const { key, warnings } = await readP12(readBytes(old.p12('default', PASSWORD)), PASSWORD);
      expect(warnings.join()).toMatch(/expired on 2021-01-01/);
      const seen: string[] = [];
      const out = await signPdf(input, { key, appearance: null, onWarning: (w) => seen.push(w) });
      expect(seen.join()).toMatch(/expired/);
      expect((await verifyPdf(out)).signatures[0]?.problems).toEqual([]);
      expect((await verifyPdf(out)).signatures[0]?.intact).toBe(true);
    } finally {
      old.dispose();
    }
  });

  it('finds the certificate of the key when the CA comes first in the file', async () => {
    const ca = makeIdentity('Test CA', { ca: true });
    const leaf = makeIdentity('Leaf Signer', { issuer: ca });
    try {
      const { key } = await readP12(readBytes(leaf.p12('windows', PASSWORD)), PASSWORD);
      expect(key.chain).toHaveLength(2);
      const out = await signPdf(input, { key, appearance: null });
      judge(out, 'Leaf Signer');
      const { cms, signed } = lastSignature(out);
      expect(opensslVerify(cms, signed, ca.certPath)).toBe(true);
    } finally {
      leaf.dispose();
      ca.dispose();
    }
  });
});

describe('signing onto what the file holds', () => {
  it('a second signature leaves the first valid', async () => {
    const once = await signPdf(input, {
      key: await key('rsa2048'),
      appearance: { image: seal, placement: placement(0) },
    });
    const twice = await signPdf(once, {
      key: await key('p384', 'legacy'),
      appearance: { image: seal, placement: placement(1, 90) },
    });
    expect(qpdfCheck(twice)).toBeNull();
    const checks = pdfsig(twice);
    expect(checks.map((c) => [c.field, c.valid, c.wholeDocument])).toEqual([
      ['Signature1', true, false],
      ['Signature2', true, true],
    ]);
  });

  it('a signature after an outside signer (pdfsig -add-signature) leaves it valid', async () => {
    const outside = outsideSigner('Outside Signer');
    try {
      const signed = outside.sign(input, { field: 'Outside' });
      const out = await signPdf(signed, {
        key: await key('p256'),
        appearance: { image: seal, placement: placement() },
      });
      expect(qpdfCheck(out)).toBeNull();
      const checks = outside.check(out);
      expect(checks.map((c) => [c.field, c.valid])).toEqual([
        ['Outside', true],
        ['Signature1', true],
      ]);
      expect(checks[1]?.wholeDocument).toBe(true);
    } finally {
      outside.dispose();
    }
  });

  it.each(['RC4-128', 'AES-128', 'AES-256'] as const)(
    'an %s input stays encrypted',
    async (method) => {
      const locked = qpdfEncrypt(input, { method, userPassword: 'user', ownerPassword: 'owner' });
      await expect(signPdf(locked, { key: await key(), appearance: null })).rejects.toMatchObject({
        code: 'PASSWORD_REQUIRED',
      });
      await expect(
        signPdf(locked, { key: await key(), appearance: null, password: 'bad' }),
      ).rejects.toMatchObject({ code: 'PASSWORD_WRONG' });
      const out = await signPdf(locked, {
        key: await key(),
        appearance: { image: seal, placement: placement() },
        password: 'user',
      });
      expect(qpdfEncryption(out, 'user')).toBe(method);
      judge(out, id('rsa2048').commonName, 'user');
      const report = await verifyPdf(out, { password: 'user' });
      expect(report.signatures[0]?.problems).toEqual([]);
      expect(report.signatures[0]).toMatchObject({ intact: true, wholeDocument: true });
    },
  );

  it('certify no-changes writes DocMDP P=1, and refuses any later signature', async () => {
    const out = await signPdf(input, { key: await key(), appearance: null, certify: 'no-changes' });
    judge(out, id('rsa2048').commonName);
    const text = Buffer.from(out).toString('latin1');
    expect(text).toMatch(/\/Perms\s*<<\s*\/DocMDP \d+ 0 R/);
    expect(text).toMatch(/\/TransformMethod\s*\/DocMDP/);
    expect(text).toMatch(/\/P 1\b/);
    const again = signPdf(out, { key: await key(), appearance: null });
    await expect(again).rejects.toBeInstanceOf(PdfWriteRefusedError);
    await expect(again).rejects.toMatchObject({ code: 'CERTIFIED_NO_CHANGES' });
  });

  it('certify forms writes P=2 and allows a later signature', async () => {
    const out = await signPdf(input, { key: await key(), appearance: null, certify: 'forms' });
    expect(Buffer.from(out).toString('latin1')).toMatch(/\/P 2\b/);
    const twice = await signPdf(out, { key: await key('p256'), appearance: null });
    expect(pdfsig(twice).map((c) => c.valid)).toEqual([true, true]);
  });

  it('refuses to certify a file that is already signed', async () => {
    const once = await signPdf(input, { key: await key(), appearance: null });
    await expect(
      signPdf(once, { key: await key(), appearance: null, certify: 'forms' }),
    ).rejects.toMatchObject({ code: 'SIGN_FAILED' });
  });

  it.each([
    { name: 'a seal off the document', p: { ...placement(), page: 5 }, code: 'BAD_PLACEMENT' },
    {
      name: 'a seal left of the page',
      p: { ...placement(), x: -2 as never },
      code: 'BAD_PLACEMENT',
    },
  ])('refuses $name', async ({ p, code }) => {
    await expect(
      signPdf(input, { key: await key(), appearance: { image: seal, placement: p } }),
    ).rejects.toMatchObject({ code });
  });

  it('refuses an image that is not PNG or JPEG', async () => {
    const bad = new TextEncoder().encode('GIF89a...');
    await expect(
      signPdf(input, { key: await key(), appearance: { image: bad, placement: placement() } }),
    ).rejects.toMatchObject({ code: 'BAD_IMAGE' });
  });
});

describe('timestamps (B-T) from a local TSA', () => {
  let tsa: LocalTsa;
  beforeAll(async () => {
    tsa = await startTsa('ok');
  });
  afterAll(() => tsa.close());

  const post = (url: string) => async (req: Uint8Array) => {
    const res = await fetch(url, {
      method: 'POST',
      body: req,
      headers: { 'content-type': 'application/timestamp-query' },
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };

  it.each(['rsa2048', 'p384'] as const)('adds a signature timestamp token (%s)', async (kind) => {
    const before = tsa.requests();
    const out = await signPdf(input, {
      key: await key(kind),
      appearance: { image: seal, placement: placement() },
      timestamp: post(tsa.url),
    });
    judge(out, id(kind).commonName);
    // One probe for the token's size, one for the signature.
    expect(tsa.requests() - before).toBe(2);
    const printed = cmsPrint(lastSignature(out).cms);
    expect(printed).toMatch(/id-smime-aa-timeStampToken/);
    // The token is the TSA's own CMS (its signing-time is the TSA's); ours come before it.
    expect(printed.split('unsignedAttrs:')[0]).not.toMatch(/signingTime/);
    const [report] = (await verifyPdf(out)).signatures;
    expect(report?.problems).toEqual([]);
    expect(report).toMatchObject({ intact: true, signedAtSource: 'timestamp' });
    expect(Math.abs(Date.parse(report?.signedAt ?? '') - Date.now())).toBeLessThan(10 * 60_000);
  });

  it.each(['garbage', 'http-error'] as const)(
    'a TSA that answers %s fails with TSA_FAILED',
    async (mode) => {
      const bad = await startTsa(mode);
      try {
        const attempt = signPdf(input, {
          key: await key(),
          appearance: null,
          timestamp: post(bad.url),
        });
        await expect(attempt).rejects.toBeInstanceOf(SignError);
        await expect(attempt).rejects.toMatchObject({ code: 'TSA_FAILED' });
      } finally {
        await bad.close();
      }
    },
  );

  it('a TSA that is not there fails with TSA_FAILED', async () => {
    const attempt = signPdf(input, {
      key: await key(),
      appearance: null,
      timestamp: post('http://127.0.0.1:9/'),
    });
    await expect(attempt).rejects.toMatchObject({ code: 'TSA_FAILED' });
  });
});
