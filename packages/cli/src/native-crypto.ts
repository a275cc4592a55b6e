/**
 * Node's crypto in place of the JavaScript SHA-2 and AES that @libpdf/core imports (@noble/hashes'
 * sha256/384/512, @noble/ciphers' cbc and ecb), for the command line's bundle only
 * (scripts/build.mjs swaps the imports; the web app keeps the libraries as they are). Why: opening
 * an AES-256 file derives its key with hash 2.B of PDF 2.0, at least 64 rounds of AES-CBC over a
 * few KB and a SHA-2 of the result: ~70 ms in JavaScript in a cold process, and the first AES call
 * also loaded the signing libraries' chunk, where @noble/ciphers lives (~23 ms). A 3-page AES-256
 * file took 233 ms to stamp against 135 ms without its password (whole processes, 2026-11-26).
 *
 * Same results: SHA-2 and AES are defined to the bit. What Node refuses (a key or IV of another
 * length, data that does not fill its blocks, padding that does not check) goes to the library's
 * own function, so its result or its error is the library's, as without this; so do inputs that
 * are not bytes and calls with options this does not mirror (an output buffer).
 */
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';

type Bytes = Uint8Array;
const view = (b: Buffer): Bytes => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** A noble hash: callable on bytes, with `create`, `outputLen`, `blockLen` and more. */
type Hash = ((message: Bytes) => Bytes) & Record<string, unknown>;

export interface Sha2Like {
  sha256: Hash;
  sha384: Hash;
  sha512: Hash;
}

/** `real`'s hash `name`, computed by Node for bytes; every property of the real one kept. */
function nativeHash(real: Hash, algorithm: string): Hash {
  const hash = (message: Bytes) =>
    message instanceof Uint8Array
      ? view(createHash(algorithm).update(message).digest())
      : real(message);
  return Object.assign(hash, real) as Hash;
}

/** sha256, sha384 and sha512 natively. */
export function nativeSha2(real: Sha2Like): Sha2Like {
  return {
    sha256: nativeHash(real.sha256, 'sha256'),
    sha384: nativeHash(real.sha384, 'sha384'),
    sha512: nativeHash(real.sha512, 'sha512'),
  };
}

interface Cipher {
  encrypt(data: Bytes, dst?: Bytes): Bytes;
  decrypt(data: Bytes, dst?: Bytes): Bytes;
}
interface AesOptions {
  disablePadding?: boolean;
}

export interface AesLike {
  cbc(key: Bytes, iv: Bytes, options?: AesOptions): Cipher;
  ecb(key: Bytes, options?: AesOptions): Cipher;
}

const AES_KEY_BYTES = new Set([16, 24, 32]);

/** AES with Node's OpenSSL; undefined when Node refuses the call (the library then decides). */
function openssl(
  mode: 'cbc' | 'ecb',
  decrypt: boolean,
  key: Bytes,
  iv: Bytes | null,
  options: AesOptions | undefined,
  data: Bytes,
): Bytes | undefined {
  if (!AES_KEY_BYTES.has(key.length) || !(data instanceof Uint8Array)) return undefined;
  try {
    const algorithm = `aes-${key.length * 8}-${mode}`;
    const cipher = decrypt
      ? createDecipheriv(algorithm, key, iv)
      : createCipheriv(algorithm, key, iv);
    cipher.setAutoPadding(options?.disablePadding !== true);
    return view(Buffer.concat([cipher.update(data), cipher.final()]));
  } catch {
    return undefined;
  }
}

/** cbc and ecb natively, each call the library's own where Node refuses it. */
export function nativeAes(real: AesLike): AesLike {
  const cipher = (
    mode: 'cbc' | 'ecb',
    key: Bytes,
    iv: Bytes | null,
    options: AesOptions | undefined,
    library: () => Cipher,
  ): Cipher => ({
    encrypt: (data, dst) =>
      (dst === undefined ? openssl(mode, false, key, iv, options, data) : undefined) ??
      library().encrypt(data, dst),
    decrypt: (data, dst) =>
      (dst === undefined ? openssl(mode, true, key, iv, options, data) : undefined) ??
      library().decrypt(data, dst),
  });
  return {
    cbc: (key, iv, options) => cipher('cbc', key, iv, options, () => real.cbc(key, iv, options)),
    ecb: (key, options) => cipher('ecb', key, null, options, () => real.ecb(key, options)),
  };
}
