/**
 * Keys, certificates and .p12/.pfx files made by `openssl` for the signing tests: RSA 1024-4096 and
 * EC P-256/P-384, self-signed or issued by a test CA, valid or long expired, and PKCS#12 files as
 * OpenSSL 3 writes them by default (AES-256/PBES2), with -legacy (3DES/RC2), and as Windows
 * exports them (3DES key and certificates, SHA-1 MAC). Each identity lives in one temp folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type KeyKind = 'rsa1024' | 'rsa2048' | 'rsa3072' | 'rsa4096' | 'p256' | 'p384';
export type P12Format = 'default' | 'legacy' | 'windows';

export interface Identity {
  readonly commonName: string;
  readonly dir: string;
  /** PEM paths. */
  readonly keyPath: string;
  readonly certPath: string;
  readonly certDer: Uint8Array;
  /** Writes a .p12 of this identity (with its issuer's certificate when it has one) and returns its path. */
  p12(format: P12Format, password: string, options?: { noKey?: boolean }): string;
  dispose(): void;
}

const openssl = (args: readonly string[], cwd?: string): Buffer =>
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

function keyArgs(kind: KeyKind): string[] {
  if (kind.startsWith('rsa')) return ['-newkey', `rsa:${kind.slice(3)}`];
  return ['-newkey', 'ec', '-pkeyopt', `ec_paramgen_curve:${kind === 'p256' ? 'P-256' : 'P-384'}`];
}

const CA_CONFIG = `[ca]
default_ca = local
[local]
dir = .
database = index.txt
new_certs_dir = .
serial = serial
default_md = sha256
policy = any
copy_extensions = copy
unique_subject = no
[any]
commonName = supplied
[leaf]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature, nonRepudiation
[ca_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
`;

export interface IdentityOptions {
  readonly key?: KeyKind;
  /** Issued by this CA (else self-signed). */
  readonly issuer?: Identity;
  /** A CA certificate (for issuing others). */
  readonly ca?: boolean;
  /** Valid only in 2020. */
  readonly expired?: boolean;
}

export function makeIdentity(commonName: string, options: IdentityOptions = {}): Identity {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-id-'));
  const at = (name: string) => join(dir, name);
  const kind = options.key ?? 'rsa2048';
  writeFileSync(at('ca.cnf'), CA_CONFIG);
  writeFileSync(at('index.txt'), '');
  writeFileSync(at('serial'), `${Date.now().toString(16).padStart(16, '0')}\n`);
  openssl(
    [
      'req',
      '-new',
      '-nodes',
      ...keyArgs(kind),
      '-keyout',
      'key.pem',
      '-out',
      'req.csr',
      '-subj',
      `/CN=${commonName}/O=Yinzhang Test`,
      '-utf8',
    ],
    dir,
  );
  const issuer = options.issuer;
  const dates = options.expired
    ? ['-startdate', '20200101000000Z', '-enddate', '20210101000000Z']
    : ['-days', '1000'];
  // `openssl ca` (unlike req -x509) takes explicit dates, so expired certificates can be made.
  openssl(
    [
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-notext',
      '-utf8',
      '-in',
      'req.csr',
      '-out',
      'cert.pem',
      '-extensions',
      options.ca ? 'ca_ext' : 'leaf',
      ...dates,
      ...(issuer
        ? ['-cert', issuer.certPath, '-keyfile', issuer.keyPath]
        : ['-selfsign', '-keyfile', 'key.pem']),
    ],
    dir,
  );
  const certDer = new Uint8Array(openssl(['x509', '-in', 'cert.pem', '-outform', 'DER'], dir));
  return {
    commonName,
    dir,
    keyPath: at('key.pem'),
    certPath: at('cert.pem'),
    certDer,
    p12(format, password, p12Options = {}) {
      const name = `${format}${p12Options.noKey ? '-nokey' : ''}-${Math.random().toString(36).slice(2)}.p12`;
      const formatArgs =
        format === 'legacy'
          ? ['-legacy']
          : format === 'windows'
            ? ['-certpbe', 'PBE-SHA1-3DES', '-keypbe', 'PBE-SHA1-3DES', '-macalg', 'sha1']
            : [];
      openssl(
        [
          'pkcs12',
          '-export',
          ...formatArgs,
          '-in',
          'cert.pem',
          ...(p12Options.noKey ? ['-nokeys'] : ['-inkey', 'key.pem']),
          ...(issuer ? ['-certfile', issuer.certPath] : []),
          '-passout',
          `pass:${password}`,
          '-out',
          name,
        ],
        dir,
      );
      return at(name);
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const readBytes = (path: string) => new Uint8Array(readFileSync(path));

/** openssl's view of a CMS: `openssl cms -cmsout -print` text. */
export function cmsPrint(cms: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-cms-'));
  try {
    writeFileSync(join(dir, 'sig.der'), cms);
    return openssl(['cms', '-cmsout', '-print', '-inform', 'DER', '-in', 'sig.der'], dir).toString(
      'utf8',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `openssl cms -verify` of a detached CMS over `content`; with `caFile`, the chain is checked too
 * (else -noverify: only the signature). Returns true when openssl says "Verification successful".
 */
export function opensslVerify(cms: Uint8Array, content: Uint8Array, caFile?: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-cms-'));
  try {
    writeFileSync(join(dir, 'sig.der'), cms);
    writeFileSync(join(dir, 'content.bin'), content);
    const trust = caFile ? ['-CAfile', caFile, '-purpose', 'any'] : ['-noverify'];
    execFileSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'sig.der',
        '-content',
        'content.bin',
        ...trust,
        '-out',
        '/dev/null',
      ],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The last signature's CMS and signed bytes, read from the file by its /ByteRange. */
export function lastSignature(pdf: Uint8Array): {
  cms: Uint8Array;
  signed: Uint8Array;
  range: number[];
} {
  const text = Buffer.from(pdf).toString('latin1');
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const m = all.at(-1);
  if (!m) throw new Error('no /ByteRange');
  const range = m.slice(1, 5).map(Number) as [number, number, number, number];
  const hex = text.slice(range[1] + 1, range[2] - 1);
  const der = Buffer.from(hex, 'hex');
  // The hole is padded with zeros after the DER: keep the DER's own length.
  const cms = new Uint8Array(der.subarray(0, derLength(der)));
  const signed = Buffer.concat([
    pdf.subarray(range[0], range[0] + range[1]),
    pdf.subarray(range[2], range[2] + range[3]),
  ]);
  return { cms, signed: new Uint8Array(signed), range };
}

function derLength(der: Uint8Array): number {
  const first = der[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const n = first & 0x7f;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + (der[2 + i] ?? 0);
  return 2 + n + len;
}
