/**
 * The bundle's native crypto swaps give what @noble gives: the same digests and ciphertexts for
 * every input Node takes, and the library's own answer (result or error) for everything else.
 */
import * as aes from '@noble/ciphers/aes.js';
import * as sha2 from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { type AesLike, nativeAes, nativeSha2, type Sha2Like } from '../src/native-crypto';

const real = sha2 as unknown as Sha2Like;
const hashes = nativeSha2(real);
const ciphers = nativeAes(aes as unknown as AesLike);

/** Bytes that differ from call to call, from a fixed seed. */
function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let s = seed;
  for (let i = 0; i < length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

/** What a call gives: its bytes as hex, or that it threw. */
function outcome(call: () => Uint8Array): string {
  try {
    return Buffer.from(call()).toString('hex');
  } catch {
    return 'threw';
  }
}

const LENGTHS = [0, 1, 15, 16, 17, 64, 1000, 4096 + 7];

describe('nativeSha2', () => {
  it.each(['sha256', 'sha384', 'sha512'] as const)('%s: the digest of every length', (name) => {
    for (const length of LENGTHS) {
      const data = bytes(length, length + 1);
      expect(Buffer.from(hashes[name](data))).toEqual(Buffer.from(real[name](data)));
    }
    // A view into a larger buffer hashes the view only.
    const big = bytes(100, 9);
    expect(Buffer.from(hashes[name](big.subarray(10, 60)))).toEqual(
      Buffer.from(real[name](big.subarray(10, 60))),
    );
  });

  it('keeps the library hash’s own properties (streaming, sizes)', () => {
    expect(hashes.sha256.outputLen).toBe(32);
    expect(hashes.sha512.blockLen).toBe(128);
    const streamed = (
      hashes.sha384.create as () => { update(d: Uint8Array): { digest(): Uint8Array } }
    )()
      .update(bytes(10, 1))
      .digest();
    expect(Buffer.from(streamed)).toEqual(Buffer.from(real.sha384(bytes(10, 1))));
  });

  it('leaves what is not bytes to the library (its error, as without the swap)', () => {
    const text = 'not bytes' as unknown as Uint8Array;
    expect(outcome(() => hashes.sha256(text))).toBe(outcome(() => real.sha256(text)));
  });
});

describe('nativeAes', () => {
  const library = aes as unknown as AesLike;
  const iv = bytes(16, 77);

  it.each([16, 24, 32])('CBC with a %i-byte key: both ways, padded and not', (keyLength) => {
    const key = bytes(keyLength, keyLength);
    for (const length of LENGTHS) {
      const data = bytes(length, length + 3);
      for (const options of [undefined, { disablePadding: true }]) {
        const ours = outcome(() => ciphers.cbc(key, iv, options).encrypt(data));
        expect(ours).toBe(outcome(() => library.cbc(key, iv, options).encrypt(data)));
        // Decrypting: good ciphertext, and the same bytes taken as ciphertext (bad padding).
        if (ours !== 'threw') {
          const back = Buffer.from(ours, 'hex');
          expect(outcome(() => ciphers.cbc(key, iv, options).decrypt(back))).toBe(
            Buffer.from(data).toString('hex'),
          );
        }
        expect(outcome(() => ciphers.cbc(key, iv, options).decrypt(data))).toBe(
          outcome(() => library.cbc(key, iv, options).decrypt(data)),
        );
      }
    }
  });

  it('ECB blocks, as the AES-256 file key is wrapped', () => {
    const key = bytes(32, 5);
    for (const block of [bytes(16, 1), bytes(32, 2)]) {
      const options = { disablePadding: true };
      expect(outcome(() => ciphers.ecb(key, options).encrypt(block))).toBe(
        outcome(() => library.ecb(key, options).encrypt(block)),
      );
      expect(outcome(() => ciphers.ecb(key, options).decrypt(block))).toBe(
        outcome(() => library.ecb(key, options).decrypt(block)),
      );
    }
  });

  it('leaves to the library what Node refuses: a key or IV of another length, an output buffer', () => {
    const data = bytes(32, 3);
    for (const [key, vector] of [
      [bytes(20, 1), iv],
      [bytes(16, 1), bytes(8, 2)],
    ] as const) {
      expect(outcome(() => ciphers.cbc(key, vector).encrypt(data))).toBe(
        outcome(() => library.cbc(key, vector).encrypt(data)),
      );
    }
    const key = bytes(16, 4);
    const dst = new Uint8Array(48);
    expect(outcome(() => ciphers.cbc(key, iv).encrypt(data, dst))).toBe(
      outcome(() => library.cbc(key, iv).encrypt(data, new Uint8Array(48))),
    );
  });
});
