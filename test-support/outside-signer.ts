/**
 * Signed and encrypted PDFs made by OUTSIDE tools, so that our engine is judged by software that
 * is not ours: keys and a self-signed certificate from `openssl`, an NSS database from `certutil`
 * and `pk12util` (libnss3-tools), signatures from poppler's `pdfsig -add-signature`, encryption
 * and file structure from `qpdf`. Everything lives in one temp folder per signer; call dispose().
 *
 * Used by packages/pdf/test and by the command line's tests.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SignatureCheck {
  readonly field: string;
  readonly signer: string | null;
  /** pdfsig: "Signature is Valid." */
  readonly valid: boolean;
  /** pdfsig: "Total document signed" (false once something was appended after the signature). */
  readonly wholeDocument: boolean;
  /** The validation line as pdfsig printed it. */
  readonly validation: string;
  /** pdfsig's "Signature Type", e.g. ETSI.CAdES.detached. */
  readonly type: string | null;
}

export interface SignOptions {
  /** The new signature field's name. */
  readonly field: string;
  /** For encrypted files: the user or owner password. */
  readonly userPassword?: string | undefined;
  readonly ownerPassword?: string | undefined;
}

export interface OutsideSigner {
  readonly commonName: string;
  /** The signer's certificate, DER. */
  readonly certificate: Uint8Array;
  /** Adds one signature (an incremental update) with pdfsig. */
  sign(pdf: Uint8Array, options: SignOptions): Uint8Array;
  /** pdfsig's verdict on every signature, in file order. */
  check(pdf: Uint8Array, password?: string): SignatureCheck[];
  dispose(): void;
}

const NSS_PASSWORD = 'nss-pw';
const P12_PASSWORD = 'p12-pw';
const NICK = 'outside-signer';

function run(command: string, args: readonly string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A self-signed RSA signer in a fresh NSS database that pdfsig trusts. */
export function outsideSigner(commonName = 'Outside Signer'): OutsideSigner {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-signer-'));
  const at = (name: string) => join(dir, name);
  const nss = `sql:${at('nss')}`;
  run('mkdir', [at('nss')]);
  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '30',
    '-keyout',
    at('key.pem'),
    '-out',
    at('cert.pem'),
    '-subj',
    `/CN=${commonName}`,
  ]);
  run('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    at('key.pem'),
    '-in',
    at('cert.pem'),
    '-out',
    at('signer.p12'),
    '-passout',
    `pass:${P12_PASSWORD}`,
    '-name',
    NICK,
  ]);
  writeFileSync(at('nss-pw.txt'), `${NSS_PASSWORD}\n`);
  run('certutil', ['-N', '-d', nss, '-f', at('nss-pw.txt')]);
  run('pk12util', ['-i', at('signer.p12'), '-d', nss, '-W', P12_PASSWORD, '-k', at('nss-pw.txt')]);
  // Trusted as a CA, so pdfsig also says "Certificate is Trusted" (not needed for "Valid").
  run('certutil', ['-M', '-d', nss, '-n', NICK, '-t', 'CT,C,C', '-f', at('nss-pw.txt')]);
  const certificate = new Uint8Array(
    execFileSync('openssl', ['x509', '-in', at('cert.pem'), '-outform', 'DER']),
  );
  let files = 0;
  const passwords = (o: {
    userPassword?: string | undefined;
    ownerPassword?: string | undefined;
  }) => [
    ...(o.userPassword === undefined ? [] : ['-upw', o.userPassword]),
    ...(o.ownerPassword === undefined ? [] : ['-opw', o.ownerPassword]),
  ];
  return {
    commonName,
    certificate,
    sign(pdf, options) {
      const input = at(`in${files++}.pdf`);
      const output = at(`out${files++}.pdf`);
      writeFileSync(input, pdf);
      run('pdfsig', [
        '-add-signature',
        '-nssdir',
        nss,
        '-nss-pwd',
        NSS_PASSWORD,
        '-nick',
        NICK,
        '-new-signature-field-name',
        options.field,
        ...passwords(options),
        input,
        output,
      ]);
      return new Uint8Array(readFileSync(output));
    },
    check(pdf, password) {
      const input = at(`check${files++}.pdf`);
      writeFileSync(input, pdf);
      return pdfsigReport(input, nss, password);
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Parses pdfsig's report; an unsigned file gives []. */
export function pdfsigReport(path: string, nssdir?: string, password?: string): SignatureCheck[] {
  const args = [
    ...(nssdir ? ['-nssdir', nssdir, '-nss-pwd', NSS_PASSWORD] : []),
    ...(password === undefined ? [] : ['-upw', password]),
    path,
  ];
  // pdfsig exits 2 for an unsigned file and prints NSS shutdown chatter on stderr: read stdout.
  const { stdout } = spawnSync('pdfsig', args, { encoding: 'utf8' });
  return stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .map((block) => {
      const line = (label: string) =>
        block.match(new RegExp(`^\\s*- ${label}: (.*)$`, 'm'))?.[1]?.trim() ?? null;
      const validation = line('Signature Validation') ?? '';
      return {
        field: line('Signature Field Name') ?? '',
        signer: line('Signer Certificate Common Name'),
        valid: validation === 'Signature is Valid.',
        wholeDocument: /^\s*- Total document signed$/m.test(block),
        validation,
        type: line('Signature Type'),
      };
    });
}

export type EncryptionMethod = 'RC4-40' | 'RC4-128' | 'AES-128' | 'AES-256';

export interface EncryptOptions {
  readonly method: EncryptionMethod;
  /** '' for a file anyone can open (owner password only). */
  readonly userPassword: string;
  readonly ownerPassword: string;
  /** qpdf restriction flags, e.g. ['--modify=none'] (40-bit RC4 takes y/n: ['--modify=n']). */
  readonly restrictions?: readonly string[] | undefined;
}

/** The file encrypted by qpdf (RC4 needs --allow-weak-crypto: qpdf refuses it otherwise). */
export function qpdfEncrypt(pdf: Uint8Array, options: EncryptOptions): Uint8Array {
  const bits = { 'RC4-40': '40', 'RC4-128': '128', 'AES-128': '128', 'AES-256': '256' }[
    options.method
  ];
  const extra =
    options.method === 'AES-128'
      ? ['--use-aes=y']
      : options.method === 'RC4-128'
        ? ['--use-aes=n']
        : [];
  return qpdf(pdf, [
    ...(options.method.startsWith('RC4') ? ['--allow-weak-crypto'] : []),
    '--encrypt',
    options.userPassword,
    options.ownerPassword,
    bits,
    ...extra,
    ...(options.restrictions ?? []),
    '--',
  ]);
}

/** The file rewritten by qpdf with `args` before the input, e.g. ['--object-streams=generate']. */
export function qpdf(pdf: Uint8Array, args: readonly string[]): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-qpdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    run('qpdf', [...args, join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** With a cross-reference stream (and object streams), as PDF 1.5+ writers make them. */
export const withXrefStream = (pdf: Uint8Array) => qpdf(pdf, ['--object-streams=generate']);
/** With a classic cross-reference table. */
export const withXrefTable = (pdf: Uint8Array) => qpdf(pdf, ['--object-streams=disable']);

/**
 * `qpdf --show-encryption`, named as our PdfInfo names methods: R2 is RC4-40, R3 RC4 up to 128
 * bits (qpdf writes 128), R4 says AESv2 or RC4 in its crypt filter, R5 and R6 are AES-256.
 * null when the file is not encrypted.
 */
export function qpdfEncryption(pdf: Uint8Array, password: string): EncryptionMethod | null {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-qpdf-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    const { stdout } = spawnSync(
      'qpdf',
      ['--show-encryption', `--password=${password}`, join(dir, 'f.pdf')],
      { encoding: 'utf8' },
    );
    const revision = Number(stdout.match(/^R = (\d+)$/m)?.[1] ?? Number.NaN);
    const method = stdout.match(/^file encryption method: (\S+)$/m)?.[1];
    if (revision === 2) return 'RC4-40';
    if (revision === 3) return 'RC4-128';
    if (revision === 4) return method === 'AESv2' ? 'AES-128' : 'RC4-128';
    if (revision >= 5) return 'AES-256';
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check`: null when clean, else its complaints. */
export function qpdfCheck(pdf: Uint8Array, password?: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-qpdf-'));
  try {
    writeFileSync(join(dir, 'f.pdf'), pdf);
    const { status, stdout, stderr } = spawnSync(
      'qpdf',
      [
        '--check',
        ...(password === undefined ? [] : [`--password=${password}`]),
        join(dir, 'f.pdf'),
      ],
      { encoding: 'utf8' },
    );
    const clean = status === 0 && stdout.includes('No syntax or stream encoding errors found');
    return clean ? null : `${stdout}${stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
