/**
 * Checks one signature's CMS with pkijs: the message digest over the signed ranges and the
 * signature over the signed attributes; the signer's certificate and chain; a timestamp token.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { commonName, isSelfSigned, pkijsCrypto } from '../sign/certs';
import { OID } from '../sign/cms';
import { type Digest, digest } from '../sign/webcrypto';
import { problem } from './problems';
import type { SignatureProblem } from './types';

export interface CmsCheck {
  readonly verified: boolean;
  readonly signer: pkijs.Certificate | null;
  readonly signerName: string | null;
  readonly selfSigned: boolean;
  readonly trusted: boolean;
  /** The timestamp token's time, when there is a token that matches the signature. */
  readonly timestamp: Date | null;
  readonly problems: SignatureProblem[];
}

const DIGESTS: Record<string, Digest> = { [OID.sha256]: 'SHA-256', [OID.sha384]: 'SHA-384' };

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function signedDataOf(der: Uint8Array): pkijs.SignedData {
  const asn1 = asn1js.fromBER(der);
  if (asn1.offset === -1) throw new Error('not DER');
  const info = new pkijs.ContentInfo({ schema: asn1.result });
  if (info.contentType !== OID.signedData) throw new Error('not a SignedData');
  return new pkijs.SignedData({ schema: info.content });
}

const certificatesOf = (sd: pkijs.SignedData) =>
  (sd.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);

function findSigner(sd: pkijs.SignedData): pkijs.Certificate | null {
  const sid = sd.signerInfos[0]?.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return certificatesOf(sd)[0] ?? null;
  return (
    certificatesOf(sd).find(
      (c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
    ) ?? null
  );
}

async function chainTrusted(
  signer: pkijs.Certificate,
  pool: pkijs.Certificate[],
  anchors: readonly pkijs.Certificate[],
  at: Date,
): Promise<boolean> {
  if (anchors.length === 0) return false;
  // A certificate the user trusts as it is (their own self-signed one) needs no path.
  const der = (c: pkijs.Certificate) => new Uint8Array(c.toSchema().toBER(false));
  const own = der(signer);
  if (anchors.some((a) => sameBytes(der(a), own))) return true;
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: [...anchors],
    certs: [signer, ...pool.filter((c) => c !== signer)],
    checkDate: at,
  });
  try {
    return (await engine.verify({}, pkijsCrypto())).result;
  } catch {
    return false;
  }
}

/** The token's time, after checking it signs the hash of our signature value. */
async function timestampOf(
  info: pkijs.SignerInfo,
  problems: SignatureProblem[],
): Promise<Date | null> {
  const attr = info.unsignedAttrs?.attributes.find((a) => a.type === OID.timeStampToken);
  if (!attr) return null;
  try {
    const token = new pkijs.ContentInfo({ schema: attr.values[0] });
    const sd = new pkijs.SignedData({ schema: token.content });
    const econtent = sd.encapContentInfo.eContent;
    if (!econtent) throw new Error('no TSTInfo');
    const tst = pkijs.TSTInfo.fromBER(econtent.getValue());
    const d = DIGESTS[tst.messageImprint.hashAlgorithm.algorithmId];
    if (!d) throw new Error('unknown hash');
    const value = new Uint8Array(info.signature.valueBlock.valueHexView);
    const expected = await digest(d, value);
    const imprint = new Uint8Array(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (!sameBytes(expected, imprint)) {
      problems.push(problem('TIMESTAMP_MISMATCH'));
      return null;
    }
    // pkijs checks a TSTInfo's imprint against `data`: the signature value it timestamps.
    const ok = await sd.verify(
      { signer: 0, checkChain: false, data: value.slice().buffer, extendedMode: false },
      pkijsCrypto(),
    );
    if (!ok) {
      problems.push(problem('TIMESTAMP_INVALID'));
      return null;
    }
    return tst.genTime;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    problems.push(problem('TIMESTAMP_UNREADABLE', why));
    return null;
  }
}

export async function checkCms(
  cms: Uint8Array,
  signed: Uint8Array,
  anchors: readonly pkijs.Certificate[],
  claimedTime: Date | null,
): Promise<CmsCheck> {
  const problems: SignatureProblem[] = [];
  let sd: pkijs.SignedData;
  try {
    sd = signedDataOf(cms);
  } catch {
    return {
      verified: false,
      signer: null,
      signerName: null,
      selfSigned: false,
      trusted: false,
      timestamp: null,
      problems: [problem('NOT_CMS')],
    };
  }
  const signer = findSigner(sd);
  const info = sd.signerInfos[0];
  let verified = false;
  if (!signer || !info) {
    problems.push(problem('NO_SIGNER_CERTIFICATE'));
  } else {
    try {
      const result = await sd.verify(
        {
          signer: 0,
          data: signed.slice().buffer,
          checkChain: false,
          extendedMode: true,
        },
        pkijsCrypto(),
      );
      verified = result.signatureVerified === true;
      if (!verified) problems.push(problem('SIGNATURE_INVALID', result.message || undefined));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      problems.push(problem('SIGNATURE_INVALID', message));
    }
  }
  const timestamp = info ? await timestampOf(info, problems) : null;
  const at = timestamp ?? claimedTime ?? new Date();
  const trusted = signer ? await chainTrusted(signer, certificatesOf(sd), anchors, at) : false;
  return {
    verified,
    signer,
    signerName: signer ? commonName(signer) : null,
    selfSigned: signer ? await isSelfSigned(signer) : false,
    trusted,
    timestamp,
    problems,
  };
}
