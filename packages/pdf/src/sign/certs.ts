/** Reading X.509 certificates with pkijs: the public key, its strength, names and validity. */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { SignError } from './errors';
import { type Digest, subtle, type WebCryptoKey } from './webcrypto';

const RSA = '1.2.840.113549.1.1.1';
const EC = '1.2.840.10045.2.1';
const CURVES: Record<string, { name: 'P-256' | 'P-384'; digest: Digest }> = {
  '1.2.840.10045.3.1.7': { name: 'P-256', digest: 'SHA-256' },
  '1.3.132.0.34': { name: 'P-384', digest: 'SHA-384' },
};
const COMMON_NAME = '2.5.4.3';

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  try {
    const asn1 = asn1js.fromBER(der);
    if (asn1.offset === -1) throw new Error(asn1.result.error);
    return new pkijs.Certificate({ schema: asn1.result });
  } catch (cause) {
    throw new SignError('BAD_CERTIFICATE', 'The certificate cannot be read', { cause });
  }
}

export interface PublicKey {
  readonly keyType: 'RSA' | 'EC';
  /** RSA modulus bits, or the curve's size. */
  readonly bits: number;
  readonly curve: 'P-256' | 'P-384' | null;
  /** The digest used with this key (SHA-384 for P-384, else SHA-256). */
  readonly digest: Digest;
  /** WebCrypto verify algorithm and key. */
  readonly algorithm: Record<string, unknown>;
  readonly key: WebCryptoKey;
}

/** The certificate's public key, imported for verification; refuses keys we do not sign with. */
export async function publicKeyOf(cert: pkijs.Certificate): Promise<PublicKey> {
  const spki = cert.subjectPublicKeyInfo;
  const der = new Uint8Array(spki.toSchema().toBER(false));
  const oid = spki.algorithm.algorithmId;
  if (oid === RSA) {
    const key = await subtle().importKey(
      'spki',
      der,
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      true,
      ['verify'],
    );
    const bits = key.algorithm.modulusLength ?? 0;
    return {
      keyType: 'RSA',
      bits,
      curve: null,
      digest: 'SHA-256',
      algorithm: { name: 'RSASSA-PKCS1-v1_5' },
      key,
    };
  }
  if (oid === EC) {
    const params = spki.algorithm.algorithmParams;
    const curveOid = params instanceof asn1js.ObjectIdentifier ? params.valueBlock.toString() : '';
    const curve = CURVES[curveOid];
    if (!curve) {
      throw new SignError(
        'KEY_UNSUPPORTED',
        'Only EC keys on the curves P-256 and P-384 are supported',
      );
    }
    const key = await subtle().importKey(
      'spki',
      der,
      { name: 'ECDSA', namedCurve: curve.name },
      true,
      ['verify'],
    );
    return {
      keyType: 'EC',
      bits: curve.name === 'P-256' ? 256 : 384,
      curve: curve.name,
      digest: curve.digest,
      algorithm: { name: 'ECDSA', hash: curve.digest },
      key,
    };
  }
  throw new SignError('KEY_UNSUPPORTED', 'Only RSA and EC (P-256, P-384) keys are supported');
}

/**
 * Whether `signature` (as a SigningKey makes it: PKCS#1 v1.5, or ECDSA as DER) over `data` verifies
 * with this public key: the key and the certificate belong together.
 */
export async function verifiesWith(
  pub: PublicKey,
  signature: Uint8Array,
  data: Uint8Array,
): Promise<boolean> {
  try {
    // WebCrypto verifies ECDSA as r || s.
    const plain =
      pub.keyType === 'EC'
        ? new Uint8Array(
            pkijs.createECDSASignatureFromCMS(asn1js.fromBER(signature).result, pub.bits / 8),
          )
        : signature;
    return await subtle().verify(pub.algorithm, pub.key, plain, data);
  } catch {
    return false;
  }
}

/** The certificate's common name, or its whole subject when it has none. */
export function commonName(cert: pkijs.Certificate): string | null {
  const attrs = cert.subject.typesAndValues;
  const cn = attrs.find((a) => a.type === COMMON_NAME);
  const text = (v: pkijs.AttributeTypeAndValue) => String(v.value.valueBlock.value ?? '');
  if (cn) return text(cn);
  return attrs.length > 0 ? attrs.map(text).join(', ') : null;
}

let engine: pkijs.ICryptoEngine | undefined;

/**
 * A pkijs crypto engine of our own, passed to every pkijs check: @libpdf/core installs its engine
 * as pkijs's global one, and its digest() cannot take an algorithm given by name, which pkijs's
 * SignedData.verify does.
 */
export function pkijsCrypto(): pkijs.ICryptoEngine {
  // The cast: with Node's type definitions, SubtleCrypto has methods pkijs's class does not list.
  engine ??= new pkijs.CryptoEngine({
    name: 'yinzhang-webcrypto',
    crypto: (globalThis as unknown as { crypto: pkijs.CryptoEngineParameters['crypto'] }).crypto,
  }) as unknown as pkijs.ICryptoEngine;
  return engine;
}

/** Same subject and issuer, and the certificate's own key verifies its signature. */
export async function isSelfSigned(cert: pkijs.Certificate): Promise<boolean> {
  if (!cert.subject.isEqual(cert.issuer)) return false;
  try {
    return await cert.verify(undefined, pkijsCrypto());
  } catch {
    return false;
  }
}

/** Lines to tell the user about the certificate's validity at `now` (empty when valid). */
export function validityWarnings(cert: pkijs.Certificate, now: Date): string[] {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const warnings: string[] = [];
  if (cert.notAfter.value < now) {
    warnings.push(`The certificate expired on ${day(cert.notAfter.value)}; readers will say so`);
  }
  if (cert.notBefore.value > now) {
    warnings.push(`The certificate is valid only from ${day(cert.notBefore.value)}`);
  }
  return warnings;
}

export function toDer(cert: pkijs.Certificate): Uint8Array {
  return new Uint8Array(cert.toSchema().toBER(false));
}
