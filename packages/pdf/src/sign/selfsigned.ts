/**
 * A self-signed signing certificate made with WebCrypto (browser and Node alike): the 生成证书
 * button's kernel. The private key comes back non-extractable, so a page that keeps it (IndexedDB)
 * can sign with it but never read it; the one copy of the key in clear is held by `p12`, which
 * writes the password-protected backup the user downloads once, at creation.
 *
 * Certificate and PKCS#12 are built with pkijs (no hand-written ASN.1): PBES2 (AES-256-CBC,
 * PBKDF2-HMAC-SHA-256) for the key and a SHA-256 MAC, as OpenSSL 3 writes .p12 files by default.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { pkijsCrypto } from './certs';
import { subtle, type WebCryptoKey } from './webcrypto';

export type SelfSignedKeyType = 'RSA' | 'EC';

export interface SelfSignedOptions {
  /** The subject's common name: the seal's name in the browser. */
  readonly commonName: string;
  /** Validity from `now`, in years (3 in the browser). */
  readonly years: number;
  /** RSA 2048 (the default; every reader checks it) or EC P-256. */
  readonly keyType?: SelfSignedKeyType | undefined;
  readonly now?: Date | undefined;
}

export interface SelfSigned {
  /** Signs; cannot be exported (WebCrypto `extractable: false`). */
  readonly privateKey: WebCryptoKey;
  /** DER, the certificate alone (it is its own issuer). */
  readonly chain: Uint8Array[];
  readonly keyType: SelfSignedKeyType;
  readonly notBefore: Date;
  readonly notAfter: Date;
  /** The key and certificate as a PKCS#12 (.p12) file protected by `password`. */
  p12(password: string): Promise<Uint8Array>;
}

const OID = {
  commonName: '2.5.4.3',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  subjectKeyIdentifier: '2.5.29.14',
  extKeyUsage: '2.5.29.37',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  // Microsoft's and Adobe's "document signing" purposes, which readers look for on signing certificates.
  documentSigningMs: '1.3.6.1.4.1.311.10.3.12',
  documentSigningAdobe: '1.2.840.113583.1.1.5',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  localKeyId: '1.2.840.113549.1.9.21',
  friendlyName: '1.2.840.113549.1.9.20',
} as const;

/** OpenSSL 3's default PBKDF2 iteration count for .p12 files. */
const P12_ITERATIONS = 2048;

interface KeyPair {
  readonly publicKey: WebCryptoKey;
  readonly privateKey: WebCryptoKey;
}

/** The parts of WebCrypto used here beyond ./webcrypto's (the package compiles without DOM types). */
interface KeyMaking {
  generateKey(
    algorithm: Record<string, unknown>,
    extractable: boolean,
    usages: string[],
  ): Promise<KeyPair>;
  exportKey(format: 'pkcs8', key: WebCryptoKey): Promise<ArrayBuffer>;
  importKey(
    format: 'pkcs8',
    keyData: Uint8Array,
    algorithm: Record<string, unknown>,
    extractable: boolean,
    usages: string[],
  ): Promise<WebCryptoKey>;
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
}

const webCrypto = () => subtle() as unknown as KeyMaking;

function randomBytes(length: number): Uint8Array {
  const c = (globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } })
    .crypto;
  return c.getRandomValues(new Uint8Array(length));
}

function utf8(text: string): Uint8Array {
  return new asn1js.Utf8String({ value: text }).valueBlock.valueHexView.slice();
}

function algorithmOf(keyType: SelfSignedKeyType): Record<string, unknown> {
  return keyType === 'RSA'
    ? {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      }
    : { name: 'ECDSA', namedCurve: 'P-256' };
}

// Our own pkijs engine, not pkijs's global one (@libpdf/core replaces that; see certs.ts).
const cryptoEngine = pkijsCrypto;

/** `years` after `from`, the same day and time (29 February falls to 1 March). */
function addYears(from: Date, years: number): Date {
  const to = new Date(from.getTime());
  to.setUTCFullYear(to.getUTCFullYear() + years);
  return to;
}

/** A positive 16-byte serial number (RFC 5280 allows up to 20 bytes). */
function randomSerial(): asn1js.Integer {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return new asn1js.Integer({ valueHex: bytes.slice().buffer as ArrayBuffer });
}

function extension(extnID: string, value: { toSchema(): asn1js.BaseBlock } | asn1js.BaseBlock) {
  const schema = 'toSchema' in value ? value.toSchema() : value;
  return new pkijs.Extension({
    extnID,
    critical: extnID === OID.keyUsage || extnID === OID.basicConstraints,
    extnValue: schema.toBER(false),
    parsedValue: value,
  });
}

/** keyUsage: digitalSignature (bit 0) and nonRepudiation (bit 1). */
function keyUsage(): asn1js.BitString {
  return new asn1js.BitString({ valueHex: new Uint8Array([0b1100_0000]).buffer, unusedBits: 6 });
}

async function makeCertificate(
  keys: KeyPair,
  commonName: string,
  notBefore: Date,
  notAfter: Date,
): Promise<Uint8Array> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = randomSerial();
  const name = () =>
    new pkijs.RelativeDistinguishedNames({
      typesAndValues: [
        new pkijs.AttributeTypeAndValue({
          type: OID.commonName,
          value: new asn1js.Utf8String({ value: commonName }),
        }),
      ],
    });
  cert.subject = name();
  cert.issuer = name();
  cert.notBefore.value = notBefore;
  cert.notAfter.value = notAfter;
  // pkijs types keys as DOM CryptoKeys; WebCrypto's keys are those.
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey as never, cryptoEngine());
  const spki = cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
  const keyId = new Uint8Array(await webCrypto().digest('SHA-1', spki.slice())).slice(0, 20);
  cert.extensions = [
    extension(OID.basicConstraints, new pkijs.BasicConstraints({ cA: false })),
    extension(OID.keyUsage, keyUsage()),
    extension(
      OID.extKeyUsage,
      new pkijs.ExtKeyUsage({
        keyPurposes: [OID.emailProtection, OID.documentSigningMs, OID.documentSigningAdobe],
      }),
    ),
    extension(OID.subjectKeyIdentifier, new asn1js.OctetString({ valueHex: keyId.buffer })),
  ];
  await cert.sign(keys.privateKey as never, 'SHA-256', cryptoEngine());
  return new Uint8Array(cert.toSchema(true).toBER(false));
}

function bagAttributes(keyId: Uint8Array, friendlyName: string): pkijs.Attribute[] {
  return [
    new pkijs.Attribute({
      type: OID.localKeyId,
      values: [new asn1js.OctetString({ valueHex: keyId.slice().buffer })],
    }),
    new pkijs.Attribute({
      type: OID.friendlyName,
      values: [new asn1js.BmpString({ value: friendlyName })],
    }),
  ];
}

/** The PKCS#12 file: a shrouded key bag and a certificate bag, MAC-protected by the same password. */
async function writeP12(
  pkcs8: Uint8Array,
  certificate: Uint8Array,
  friendlyName: string,
  password: string,
): Promise<Uint8Array> {
  const secret = utf8(password).buffer as ArrayBuffer;
  const keyId = new Uint8Array(await webCrypto().digest('SHA-1', certificate.slice()));
  const keyInfo = pkijs.PrivateKeyInfo.fromBER(pkcs8.slice().buffer);
  const certInfo = pkijs.Certificate.fromBER(certificate.slice().buffer);
  const keyBag = new pkijs.PKCS8ShroudedKeyBag({ parsedValue: keyInfo });
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0, // password-based integrity (a MAC)
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            {
              privacyMode: 0, // the key bag is encrypted itself
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({
                    bagId: OID.pkcs8ShroudedKeyBag,
                    bagValue: keyBag,
                    bagAttributes: bagAttributes(keyId, friendlyName),
                  }),
                ],
              }),
            },
            {
              privacyMode: 1, // the certificate bag in password-encrypted data, as OpenSSL does
              value: new pkijs.SafeContents({
                safeBags: [
                  new pkijs.SafeBag({
                    bagId: OID.certBag,
                    bagValue: new pkijs.CertBag({ parsedValue: certInfo }),
                    bagAttributes: bagAttributes(keyId, friendlyName),
                  }),
                ],
              }),
            },
          ],
        },
      }),
    },
  });
  const encryption = {
    password: secret,
    contentEncryptionAlgorithm: {
      name: 'AES-CBC',
      length: 256,
    } as pkijs.ContentEncryptionAesCbcParams,
    hmacHashAlgorithm: 'SHA-256',
    iterationCount: P12_ITERATIONS,
  };
  const engine = cryptoEngine();
  await keyBag.makeInternalValues(encryption, engine);
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw new Error('PKCS#12: no authenticated safe');
  await safe.makeInternalValues({ safeContents: [{}, encryption] }, engine);
  await pfx.makeInternalValues(
    {
      password: secret,
      iterations: P12_ITERATIONS,
      pbkdf2HashAlgorithm: { name: 'SHA-256' },
      hmacHashAlgorithm: 'SHA-256',
    },
    engine,
  );
  return new Uint8Array(pfx.toSchema().toBER(false));
}

/**
 * Generates a key pair and a self-signed certificate for `commonName`, valid `years` from now.
 * The key is generated extractable once, exported for the backup, and imported again as a
 * non-extractable key: that is the key the caller keeps.
 */
export async function createSelfSigned(options: SelfSignedOptions): Promise<SelfSigned> {
  const commonName = options.commonName.trim();
  if (!commonName) throw new Error('A certificate needs a name');
  if (!(options.years > 0 && options.years <= 30)) throw new Error('Validity must be 1–30 years');
  const keyType = options.keyType ?? 'RSA';
  const algorithm = algorithmOf(keyType);
  const notBefore = new Date(Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000);
  const notAfter = addYears(notBefore, options.years);
  const keys = await webCrypto().generateKey(algorithm, true, ['sign', 'verify']);
  const certificate = await makeCertificate(keys, commonName, notBefore, notAfter);
  const pkcs8 = new Uint8Array(await webCrypto().exportKey('pkcs8', keys.privateKey));
  const privateKey = await webCrypto().importKey('pkcs8', pkcs8, algorithm, false, ['sign']);
  return {
    privateKey,
    chain: [certificate],
    keyType,
    notBefore,
    notAfter,
    p12: (password) => writeP12(pkcs8, certificate, commonName, password),
  };
}
