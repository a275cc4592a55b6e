/**
 * Signing keys: from a .p12/.pfx file (via @libpdf/core's P12Signer, which reads OpenSSL 3's
 * AES/PBES2 files, -legacy 3DES/RC2 files and Windows exports), or from a WebCrypto CryptoKey.
 */
import { P12Signer, SignerError } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { parseCertificate, publicKeyOf, toDer, validityWarnings, verifiesWith } from './certs';
import { SignError } from './errors';
import { ascii } from './placeholder';
import type { SigningKey } from './types';
import { type Digest, subtle, type WebCryptoKey } from './webcrypto';

/** RSA keys below this are refused (ETSI TS 119 312 and every CA stopped issuing them). */
export const MIN_RSA_BITS = 2048;

function curveDigest(curve: string | undefined): Digest {
  return curve === 'P-384' ? 'SHA-384' : 'SHA-256';
}

/**
 * A SigningKey over a WebCrypto private key (generated in the browser and kept non-extractable).
 * RSA keys must be RSASSA-PKCS1-v1_5 (their hash is fixed when the key is made); EC keys ECDSA
 * on P-256 or P-384.
 */
export function signingKeyFromCryptoKey(privateKey: WebCryptoKey, chain: Uint8Array[]): SigningKey {
  const { name, namedCurve } = privateKey.algorithm;
  if (name === 'RSASSA-PKCS1-v1_5') {
    return {
      chain,
      keyType: 'RSA',
      sign: async (data) => new Uint8Array(await subtle().sign({ name }, privateKey, data)),
    };
  }
  if (name === 'ECDSA' && (namedCurve === 'P-256' || namedCurve === 'P-384')) {
    const hash = curveDigest(namedCurve);
    return {
      chain,
      keyType: 'EC',
      async sign(data) {
        // WebCrypto gives r || s; CMS wants the DER SEQUENCE { r, s }.
        const raw = await subtle().sign({ name, hash }, privateKey, data);
        return new Uint8Array(pkijs.createCMSECDSASignature(raw));
      },
    };
  }
  throw new SignError('KEY_UNSUPPORTED', 'Only RSA (PKCS#1 v1.5) and EC P-256/P-384 keys can sign');
}

function looksLikePfx(bytes: Uint8Array): boolean {
  try {
    const asn1 = asn1js.fromBER(bytes);
    if (asn1.offset === -1) return false;
    new pkijs.PFX({ schema: asn1.result });
    return true;
  } catch {
    return false;
  }
}

function p12Error(error: unknown): SignError {
  const message = error instanceof Error ? error.message : String(error);
  if (/no private key/i.test(message)) {
    return new SignError('P12_NO_KEY', 'The certificate file holds no private key', {
      cause: error,
    });
  }
  if (/no certificates/i.test(message)) {
    return new SignError('P12_NO_KEY', 'The certificate file holds no certificate', {
      cause: error,
    });
  }
  if (/unsupported key algorithm/i.test(message)) {
    return new SignError('KEY_UNSUPPORTED', 'Only RSA and EC (P-256, P-384) keys are supported', {
      cause: error,
    });
  }
  // A wrong password shows as a failed MAC check, or as a key that does not decrypt to PKCS#8.
  return new SignError('P12_PASSWORD_WRONG', 'The certificate password is wrong', {
    cause: error,
  });
}

/**
 * Opens a .p12/.pfx: the private key, the certificate that belongs to it (found by signing a probe,
 * since files do not always list it first), and the rest of the chain. Warns (does not refuse) when
 * the certificate has expired; refuses RSA below 2048 bits.
 */
export async function readP12(
  bytes: Uint8Array,
  password: string,
  now: Date = new Date(),
): Promise<{ key: SigningKey; warnings: string[] }> {
  if (!looksLikePfx(bytes)) {
    throw new SignError('NOT_P12', 'The file is not a .p12/.pfx certificate file');
  }
  let signer: P12Signer;
  try {
    signer = await P12Signer.create(bytes, password);
  } catch (error) {
    if (error instanceof SignerError || error instanceof Error) throw p12Error(error);
    throw error;
  }
  const certs = [signer.certificate, ...signer.certificateChain].map(parseCertificate);
  const probe = ascii('yinzhang key probe');
  let own: pkijs.Certificate | undefined;
  let digest: Digest = 'SHA-256';
  for (const cert of certs) {
    let pub: Awaited<ReturnType<typeof publicKeyOf>>;
    try {
      pub = await publicKeyOf(cert);
    } catch {
      continue;
    }
    if (pub.keyType !== signer.keyType) continue;
    if (await verifiesWith(pub, await signer.sign(probe, pub.digest), probe)) {
      if (pub.keyType === 'RSA' && pub.bits < MIN_RSA_BITS) {
        throw new SignError(
          'KEY_TOO_WEAK',
          `The key is RSA ${pub.bits} bits; at least ${MIN_RSA_BITS} are needed`,
        );
      }
      own = cert;
      digest = pub.digest;
      break;
    }
  }
  if (!own) {
    throw new SignError('P12_NO_KEY', 'The certificate file holds no certificate for its key');
  }
  const chain = [own, ...certs.filter((c) => c !== own)].map(toDer);
  const key: SigningKey = {
    chain,
    keyType: signer.keyType,
    sign: (data) => signer.sign(data, digest),
  };
  return { key, warnings: validityWarnings(own, now) };
}
