/**
 * RFC 3161 signature timestamps: the request for a hash of the signature value, and the checks on
 * the answer (granted, a token for our hash and our nonce). The transport is the caller's.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { digestOid } from './cms';
import { SignError } from './errors';
import { type Digest, digest } from './webcrypto';

export type TimestampTransport = (request: Uint8Array) => Promise<Uint8Array>;

function randomNonce(): Uint8Array {
  const bytes = new Uint8Array(8);
  (
    globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } }
  ).crypto.getRandomValues(bytes);
  bytes[0] = ((bytes[0] ?? 0) & 0x3f) | 0x40; // a positive INTEGER with no leading zero byte
  return bytes;
}

export function timestampRequest(hash: Uint8Array, d: Digest, nonce: Uint8Array): Uint8Array {
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: digestOid(d) }),
      hashedMessage: new asn1js.OctetString({ valueHex: hash }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  return new Uint8Array(req.toSchema().toBER(false));
}

const failed = (why: string, cause?: unknown) =>
  new SignError('TSA_FAILED', `The timestamp authority ${why}`, { cause });

function sameBytes(a: ArrayBuffer | Uint8Array, b: Uint8Array): boolean {
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

/** Asks for a token over `data` (hashed with `d`); returns the DER TimeStampToken (a ContentInfo). */
export async function fetchTimestampToken(
  transport: TimestampTransport,
  data: Uint8Array,
  d: Digest,
): Promise<Uint8Array> {
  const hash = await digest(d, data);
  const nonce = randomNonce();
  let answer: Uint8Array;
  try {
    answer = await transport(timestampRequest(hash, d, nonce));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw failed(`did not answer (${reason})`, cause);
  }
  let resp: pkijs.TimeStampResp;
  try {
    const asn1 = asn1js.fromBER(answer);
    if (asn1.offset === -1) throw new Error(asn1.result.error);
    resp = new pkijs.TimeStampResp({ schema: asn1.result });
  } catch (cause) {
    throw failed('answered something that is not a timestamp response', cause);
  }
  const status = resp.status.status;
  if ((status !== 0 && status !== 1) || !resp.timeStampToken) {
    const text = resp.status.statusStrings?.map((s) => s.valueBlock.value).join('; ');
    throw failed(`refused the request (status ${status}${text ? `: ${text}` : ''})`);
  }
  let info: pkijs.TSTInfo;
  try {
    const signed = new pkijs.SignedData({ schema: resp.timeStampToken.content });
    const econtent = signed.encapContentInfo.eContent;
    if (!econtent) throw new Error('no TSTInfo');
    info = pkijs.TSTInfo.fromBER(econtent.getValue());
  } catch (cause) {
    throw failed('answered a token that cannot be read', cause);
  }
  if (!sameBytes(info.messageImprint.hashedMessage.valueBlock.valueHexView, hash)) {
    throw failed('answered a token for another hash');
  }
  if (!info.nonce || !sameBytes(info.nonce.valueBlock.valueHexView, nonce)) {
    throw failed('answered a token without our nonce');
  }
  return new Uint8Array(resp.timeStampToken.toSchema().toBER(false));
}
