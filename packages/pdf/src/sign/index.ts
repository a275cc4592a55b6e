export * from './errors';
export { MIN_RSA_BITS, readP12, signingKeyFromCryptoKey } from './keys';
export { signPdf } from './sign';
export type * from './types';
export type { WebCryptoKey } from './webcrypto';
