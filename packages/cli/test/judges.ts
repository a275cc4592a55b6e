/**
 * Outside tools as makers of fixtures and as judges: poppler's `pdfsig` signs (with an NSS
 * database made by certutil/pk12util from an openssl key) and says whether each signature is
 * valid; qpdf encrypts and says how a file is encrypted.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A fresh NSS database in `dir` holding one self-signed RSA key with the nickname "signer". */
export function makeSigner(dir: string): string {
  const db = join(dir, 'nss');
  mkdirSync(db, { recursive: true });
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const p12 = join(dir, 'id.p12');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=Outside Signer',
      '-days',
      '30',
    ],
    { stdio: 'ignore' },
  );
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    '-inkey',
    key,
    '-in',
    cert,
    '-out',
    p12,
    '-passout',
    'pass:pw',
    '-name',
    'signer',
  ]);
  execFileSync('certutil', ['-N', '-d', `sql:${db}`, '--empty-password']);
  execFileSync('pk12util', ['-i', p12, '-d', `sql:${db}`, '-W', 'pw'], { stdio: 'ignore' });
  return `sql:${db}`;
}

/** Signs `input` into `output` with pdfsig (an incremental update, as pdfsig writes). */
export async function pdfsigSign(nss: string, input: string, output: string, field: string) {
  await run('pdfsig', [
    '-nssdir',
    nss,
    '-add-signature',
    '-nick',
    'signer',
    '-new-signature-field-name',
    field,
    input,
    output,
  ]);
}

/** pdfsig's verdict on each signature ("Signature is Valid." when intact). */
export async function pdfsigVerdicts(nss: string, path: string): Promise<string[]> {
  let out: string;
  try {
    out = (await run('pdfsig', ['-nssdir', nss, '-nocert', path])).stdout;
  } catch (err) {
    // pdfsig exits non-zero for a broken signature but still prints its verdicts.
    out = (err as { stdout: string }).stdout;
  }
  return [...out.matchAll(/Signature Validation: ([^\n]*?\.)/g)].map((m) => m[1] as string);
}

/** qpdf's account of a file's encryption, opened with `password` ('' for none). */
export async function qpdfEncryption(path: string, password = ''): Promise<string> {
  try {
    const r = await run('qpdf', [`--password=${password}`, '--show-encryption', path]);
    return r.stdout;
  } catch (err) {
    const e = err as { stdout: string; stderr: string };
    return `${e.stdout}${e.stderr}`;
  }
}

/** `qpdf --check`: exit status 0 when the file's structure is sound. */
export async function qpdfCheck(path: string, password = ''): Promise<boolean> {
  try {
    await run('qpdf', [`--password=${password}`, '--check', path]);
    return true;
  } catch {
    return false;
  }
}

/** Encrypts with qpdf: `bits` 256 (AES-256), 128 with or without AES, 40 (RC4). */
export async function qpdfEncrypt(
  input: string,
  output: string,
  how: { bits: 40 | 128 | 256; aes?: boolean; restrict?: boolean },
) {
  const extra = how.bits === 128 ? [`--use-aes=${how.aes ? 'y' : 'n'}`] : [];
  const restrict = how.restrict ? ['--modify=none'] : [];
  await run('qpdf', [
    '--allow-weak-crypto',
    '--encrypt',
    'user',
    'owner',
    String(how.bits),
    ...extra,
    ...restrict,
    '--',
    input,
    output,
  ]);
}

/** True when `output` begins with every byte of `input`: an incremental update. */
export function startsWith(output: string, input: string): boolean {
  const a = readFileSync(input);
  const b = readFileSync(output);
  return b.length > a.length && b.subarray(0, a.length).equals(a);
}
