/**
 * The few WebCrypto shapes this package uses. The package compiles without DOM or Node types (it
 * runs in both), so they are declared here; a browser's or Node's CryptoKey fits them.
 */
export interface WebCryptoKey {
  readonly type: string;
  readonly algorithm: {
    readonly name: string;
    readonly namedCurve?: string;
    readonly hash?: { readonly name: string };
    readonly modulusLength?: number;
  };
}

type Algorithm = string | Record<string, unknown>;

interface Subtle {
  digest(algorithm: Algorithm, data: Uint8Array): Promise<ArrayBuffer>;
  sign(algorithm: Algorithm, key: WebCryptoKey, data: Uint8Array): Promise<ArrayBuffer>;
  verify(
    algorithm: Algorithm,
    key: WebCryptoKey,
    signature: Uint8Array,
    data: Uint8Array,
  ): Promise<boolean>;
  importKey(
    format: string,
    keyData: Uint8Array | ArrayBuffer,
    algorithm: Algorithm,
    extractable: boolean,
    usages: string[],
  ): Promise<WebCryptoKey>;
}

/** WebCrypto's subtle interface: Node 20 and every browser have it on globalThis. */
export function subtle(): Subtle {
  const c = (globalThis as unknown as { crypto?: { subtle?: Subtle } }).crypto;
  if (!c?.subtle) throw new Error('WebCrypto (crypto.subtle) is not available here');
  return c.subtle;
}

export type Digest = 'SHA-256' | 'SHA-384';

export async function digest(algorithm: Digest, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().digest(algorithm, data));
}
