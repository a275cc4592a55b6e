/**
 * The CMS SignedData of a PAdES baseline signature (ETSI EN 319 142-1, ETSI.CAdES.detached), built
 * with pkijs: content-type, message-digest and signing-certificate-v2 as signed attributes, and no
 * signing-time (PAdES forbids it; the time is the signature dictionary's /M, or the timestamp's).
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { parseCertificate } from './certs';
import { type Digest, digest } from './webcrypto';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
  ecdsaWithSHA384: '1.2.840.10045.4.3.3',
} as const;

export const digestOid = (d: Digest) => (d === 'SHA-384' ? OID.sha384 : OID.sha256);

function signatureOid(keyType: 'RSA' | 'EC', d: Digest): string {
  if (keyType === 'RSA') return OID.sha256WithRSA;
  return d === 'SHA-384' ? OID.ecdsaWithSHA384 : OID.ecdsaWithSHA256;
}

/**
 * ESS signing-certificate-v2 (RFC 5035): binds the signer's certificate (its hash and issuer and
 * serial) into the signed attributes, so it cannot be swapped for another with the same key.
 */
async function signingCertificateV2(
  cert: pkijs.Certificate,
  certDer: Uint8Array,
  d: Digest,
): Promise<pkijs.Attribute> {
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({
      names: [new pkijs.GeneralName({ type: 4, value: cert.issuer })],
    }),
    serialNumber: cert.serialNumber,
  });
  const certId: asn1js.AsnType[] = [];
  // hashAlgorithm DEFAULT sha256: written only when it is not SHA-256 (DER leaves defaults out).
  if (d !== 'SHA-256') {
    certId.push(new pkijs.AlgorithmIdentifier({ algorithmId: digestOid(d) }).toSchema());
  }
  certId.push(new asn1js.OctetString({ valueHex: await digest(d, certDer) }));
  certId.push(issuerSerial.toSchema());
  const value = new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: certId })] })],
  });
  return new pkijs.Attribute({ type: OID.signingCertificateV2, values: [value] });
}

export interface CmsInput {
  readonly chain: readonly Uint8Array[];
  readonly keyType: 'RSA' | 'EC';
  readonly digest: Digest;
  /** Hash of the signed byte ranges. */
  readonly documentHash: Uint8Array;
  /** Signs the DER of the signed attributes (hashing them itself). */
  readonly sign: (data: Uint8Array) => Promise<Uint8Array>;
  /** Gets an RFC 3161 token over the signature value (B-T); omitted for B-B. */
  readonly timestamp?: ((signatureValue: Uint8Array) => Promise<Uint8Array>) | undefined;
}

/** The DER ContentInfo to put in the signature's /Contents. */
export async function buildCms(input: CmsInput): Promise<Uint8Array> {
  const [signerDer, ...rest] = input.chain;
  if (!signerDer) throw new Error('the key has no certificate');
  const cert = parseCertificate(signerDer);
  const attributes = [
    new pkijs.Attribute({
      type: OID.contentType,
      values: [new asn1js.ObjectIdentifier({ value: OID.data })],
    }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: input.documentHash })],
    }),
    await signingCertificateV2(cert, signerDer, input.digest),
  ];
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes });
  // The signature covers the attributes' DER with the SET OF tag (RFC 5652 §5.4), not [0].
  const toSign = new Uint8Array(signedAttrs.toSchema().toBER(false));
  toSign[0] = 0x31;
  const signatureValue = await input.sign(toSign);
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: digestOid(input.digest) }),
    signedAttrs,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier(
      input.keyType === 'RSA'
        ? { algorithmId: signatureOid('RSA', input.digest), algorithmParams: new asn1js.Null() }
        : { algorithmId: signatureOid('EC', input.digest) },
    ),
    signature: new asn1js.OctetString({ valueHex: signatureValue }),
  });
  if (input.timestamp) {
    const token = asn1js.fromBER(await input.timestamp(signatureValue));
    if (token.offset === -1) throw new Error('the timestamp token is not DER');
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: OID.timeStampToken, values: [token.result] })],
    });
  }
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: digestOid(input.digest) })],
    certificates: [cert, ...rest.map(parseCertificate)],
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
