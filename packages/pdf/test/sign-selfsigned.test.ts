/**
 * createSelfSigned (生成证书) judged by OpenSSL: the certificate parses and says what we asked
 * (subject CN, 3 years, self-issued), the .p12 opens with its password and not without it, and
 * the key kept is non-extractable yet signs what the certificate's public key verifies.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { afterAll, describe, expect, it } from 'vitest';
import { readP12, signingKeyFromCryptoKey, signPdf } from '../src';
import { NotACertificateError, readCertificate } from '../src/sign/certificates';
import { createSelfSigned, type SelfSignedKeyType } from '../src/sign/selfsigned';

const dir = mkdtempSync(join(tmpdir(), 'selfsigned-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openssl(args: string[], input?: Uint8Array) {
  return spawnSync('openssl', args, { input, encoding: 'buffer' });
}

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const NOW = new Date('2026-03-01T08:00:00Z');

describe.each([
  ['RSA', 'rsaEncryption', 'Public-Key: (2048 bit)'],
  ['EC', 'id-ecPublicKey', 'prime256v1'],
] as const)('createSelfSigned %s', (keyType: SelfSignedKeyType, algorithm, size) => {
  const made = createSelfSigned({
    commonName: '北京某某科技有限公司',
    years: 3,
    keyType,
    now: NOW,
  });

  it('writes a certificate OpenSSL reads: CN, self-issued, 3 years, the key type', async () => {
    const { chain, notBefore, notAfter } = await made;
    expect(chain).toHaveLength(1);
    const der = write(`${keyType}.der`, chain[0] as Uint8Array);
    const text = execFileSync('openssl', [
      'x509',
      '-inform',
      'DER',
      '-in',
      der,
      '-noout',
      '-text',
      '-nameopt',
      'utf8,sep_comma_plus',
      '-dates',
      '-subject',
      '-issuer',
    ]).toString('utf8');
    expect(text).toContain('subject=CN=北京某某科技有限公司');
    expect(text).toContain('issuer=CN=北京某某科技有限公司');
    expect(text).toContain('notBefore=Mar  1 08:00:00 2026 GMT');
    expect(text).toContain('notAfter=Mar  1 08:00:00 2029 GMT');
    expect(text).toContain(algorithm);
    expect(text).toContain(size);
    expect(text).toContain('Digital Signature, Non Repudiation');
    expect(notBefore.toISOString()).toBe('2026-03-01T08:00:00.000Z');
    expect(notAfter.toISOString()).toBe('2029-03-01T08:00:00.000Z');
    // Its own signature checks out: it is its own issuer.
    const verify = openssl(['verify', '-CAfile', pem(der), '-partial_chain', pem(der)]);
    expect(verify.stdout.toString()).toContain('OK');
  });

  it('keeps a non-extractable key that signs for the certificate', async () => {
    const { chain } = await made;
    const privateKey = (await made).privateKey as CryptoKey;
    expect(privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('pkcs8', privateKey)).rejects.toThrow();
    const data = new TextEncoder().encode('signed bytes');
    const params =
      keyType === 'RSA' ? { name: 'RSASSA-PKCS1-v1_5' } : { name: 'ECDSA', hash: 'SHA-256' };
    const signature = new Uint8Array(await crypto.subtle.sign(params, privateKey, data));
    const pubPem = execFileSync('openssl', ['x509', '-inform', 'DER', '-noout', '-pubkey'], {
      input: chain[0],
    });
    const pub = write(`${keyType}.pub.pem`, pubPem);
    const sig = write(`${keyType}.sig`, keyType === 'RSA' ? signature : rawToDer(signature));
    const out = openssl(['dgst', '-sha256', '-verify', pub, '-signature', sig], data);
    expect(out.stdout.toString()).toContain('Verified OK');
  });

  it('writes a .p12 that opens with its password, and only with it', async () => {
    const { p12, chain } = await made;
    const file = write(`${keyType}.p12`, await p12('备份 pass'));
    const certs = openssl(['pkcs12', '-in', file, '-nokeys', '-passin', 'pass:备份 pass']);
    expect(certs.status, certs.stderr.toString()).toBe(0);
    const certFromP12 = openssl(['x509', '-outform', 'DER'], certs.stdout).stdout;
    expect(new Uint8Array(certFromP12)).toEqual(chain[0]);
    const keys = openssl([
      'pkcs12',
      '-in',
      file,
      '-nocerts',
      '-nodes',
      '-passin',
      'pass:备份 pass',
    ]);
    expect(keys.status, keys.stderr.toString()).toBe(0);
    expect(keys.stdout.toString()).toContain('-----BEGIN PRIVATE KEY-----');
    // The key in the backup is the certificate's key.
    const fromKey = openssl(['pkey', '-pubout'], keys.stdout).stdout.toString();
    const fromCert = openssl(
      ['x509', '-inform', 'DER', '-noout', '-pubkey'],
      chain[0],
    ).stdout.toString();
    expect(fromKey).toBe(fromCert);
    const wrong = openssl(['pkcs12', '-in', file, '-nokeys', '-passin', 'pass:wrong']);
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr.toString()).toMatch(/mac verify failure|invalid password/i);
  });
});

describe('createSelfSigned refuses', () => {
  it.each([
    [{ commonName: '  ', years: 3 }, /needs a name/],
    [{ commonName: 'A', years: 0 }, /1–30 years/],
    [{ commonName: 'A', years: 31 }, /1–30 years/],
  ])('%o', async (options, message) => {
    await expect(createSelfSigned(options)).rejects.toThrow(message);
  });
});

function pem(derPath: string): string {
  const out = `${derPath}.pem`;
  execFileSync('openssl', ['x509', '-inform', 'DER', '-in', derPath, '-out', out]);
  return out;
}

/** WebCrypto's ECDSA signature (r‖s) as the DER SEQUENCE OpenSSL verifies. */
function rawToDer(raw: Uint8Array): Uint8Array {
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.slice(i);
    const body = (v[0] ?? 0) & 0x80 ? [0, ...v] : [...v];
    return [0x02, body.length, ...body];
  };
  const half = raw.length / 2;
  const body = [...int(raw.slice(0, half)), ...int(raw.slice(half))];
  return new Uint8Array([0x30, body.length, ...body]);
}

describe('readCertificate (trust anchors the user adds)', () => {
  it('reads DER and PEM, names the subject, and refuses what is not a certificate', async () => {
    const { chain } = await createSelfSigned({ commonName: '张三', years: 1, keyType: 'EC' });
    const der = chain[0] as Uint8Array;
    const pemText = execFileSync('openssl', ['x509', '-inform', 'DER', '-outform', 'PEM'], {
      input: der,
    });
    for (const bytes of [der, new Uint8Array(pemText)]) {
      const summary = readCertificate(bytes);
      expect(summary.name).toBe('张三');
      expect(summary.selfIssued).toBe(true);
      expect(summary.der).toEqual(der);
    }
    expect(() => readCertificate(new TextEncoder().encode('hello'))).toThrow(NotACertificateError);
  });
});

describe('a certificate made here signs with the kernel', () => {
  it('its .p12 opens with readP12, and its kept key signs a PDF pdfsig finds valid', async () => {
    // ../src has loaded @libpdf/core, which replaces pkijs's global crypto engine: ours is used.
    const made = await createSelfSigned({ commonName: '李四', years: 3, keyType: 'EC' });
    const { key, warnings } = await readP12(await made.p12('pw'), 'pw');
    expect(key.chain[0]).toEqual(made.chain[0]);
    expect(key.keyType).toBe('EC');
    expect(warnings).toEqual([]);
    const doc = PDF.create();
    doc.addPage({ width: 300, height: 300 });
    const signed = await signPdf(await doc.save(), {
      key: signingKeyFromCryptoKey(made.privateKey, made.chain),
      appearance: null,
    });
    const file = write('signed.pdf', signed);
    const report = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: 李四');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
  });
});
