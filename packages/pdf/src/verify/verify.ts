/**
 * verifyPdf: every signature of a PDF checked as a reader would (byte range, digest, signature,
 * chain to the given anchors, timestamp), and what changed after it.
 */
import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfNumber,
  type PdfObject,
  type PdfRef,
  type SignatureField,
} from '@libpdf/core';
import type * as pkijs from 'pkijs';
import { loadLibPdf } from '../document';
import { engineWork } from '../engine-log';
import { type ByteRange, signedBytes } from '../sign/placeholder';
import { changesBetween } from './changes';
import { checkCms } from './cms-check';
import { readCertificates } from './pem';
import { problem } from './problems';
import type { SignatureProblem, SignatureReport, VerifyOptions, VerifyResult } from './types';

/** A PDF date (D:YYYYMMDDHHmmSSOHH'mm') as ISO 8601, or null. */
export function parsePdfDate(text: string): Date | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(
    text,
  );
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offset = (Number(oh) * 60 + Number(om)) * 60_000;
  const time = sign === '+' ? utc - offset : sign === '-' ? utc + offset : utc;
  return Number.isNaN(time) ? null : new Date(time);
}

function byteRangeOf(value: unknown): ByteRange | null {
  if (!(value instanceof PdfArray) || value.length !== 4) return null;
  const nums: number[] = [];
  for (let i = 0; i < 4; i++) {
    const item = value.at(i);
    if (!(item instanceof PdfNumber) || !Number.isInteger(item.value) || item.value < 0)
      return null;
    nums.push(item.value);
  }
  return nums as unknown as ByteRange;
}

const HEX_DIGIT = /^[0-9a-fA-F]$/;

/** The hole between the two ranges must be exactly one hex string; returns its bytes. */
function contentsOf(bytes: Uint8Array, r: ByteRange): Uint8Array | null {
  if (r[0] !== 0 || r[1] >= r[2] || r[2] + r[3] > bytes.length) return null;
  if (bytes[r[1]] !== 0x3c || bytes[r[2] - 1] !== 0x3e) return null;
  let hex = '';
  for (let i = r[1] + 1; i < r[2] - 1; i++) {
    const ch = String.fromCharCode(bytes[i] as number);
    if (!HEX_DIGIT.test(ch)) return null;
    hex += ch;
  }
  if (hex.length % 2 === 1) hex += '0';
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

interface Found {
  readonly field: string;
  readonly subFilter: string;
  readonly range: ByteRange | null;
  readonly m: Date | null;
  /** DocMDP /P when this is a certification signature. */
  readonly certifies: number | null;
}

/** The /P of a DocMDP transform in the signature's /Reference, if it certifies the document. */
function docMdp(dict: PdfDict, resolve: (ref: PdfRef) => PdfObject | null): number | null {
  const refs = dict.getArray('Reference', resolve);
  for (let i = 0; i < (refs?.length ?? 0); i++) {
    const item = refs?.at(i, resolve);
    if (!(item instanceof PdfDict) || item.getName('TransformMethod')?.value !== 'DocMDP') continue;
    return item.getDict('TransformParams', resolve)?.getNumber('P')?.value ?? 2;
  }
  return null;
}

/** What a certification allows after it: nothing (P=1), forms and signatures (P=2), and annotations (P=3). */
const ALLOWED: Readonly<Record<number, readonly string[]>> = {
  1: [],
  2: ['FORM_FILLED', 'SIGNATURE_ADDED'],
  3: ['FORM_FILLED', 'SIGNATURE_ADDED', 'ANNOTATIONS_CHANGED'],
};

function signaturesOf(pdf: PDF): Found[] {
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const out: Found[] = [];
  for (const field of pdf.getForm()?.getFields() ?? []) {
    if (field.type !== 'signature') continue;
    const dict = (field as SignatureField).getSignatureDict();
    if (!dict) continue;
    const type = dict.getName('Type')?.value;
    if (type === 'DocTimeStamp') continue;
    const m = dict.getString('M', resolve)?.asString();
    out.push({
      field: field.name,
      subFilter: dict.getName('SubFilter')?.value ?? '',
      range: byteRangeOf(dict.get('ByteRange', resolve)),
      m: m ? parsePdfDate(m) : null,
      certifies: docMdp(dict, resolve),
    });
  }
  // In file order: the earliest revision first.
  return out.sort(
    (a, b) =>
      (a.range?.[2] ?? 0) + (a.range?.[3] ?? 0) - ((b.range?.[2] ?? 0) + (b.range?.[3] ?? 0)),
  );
}

export async function verifyPdf(
  bytes: Uint8Array,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  return engineWork(() => verifying(bytes, options));
}

async function verifying(bytes: Uint8Array, options: VerifyOptions): Promise<VerifyResult> {
  const pdf = await loadLibPdf(bytes, options.password);
  const anchors: pkijs.Certificate[] = (options.trust ?? []).flatMap(readCertificates);
  const reports: SignatureReport[] = [];
  for (const sig of signaturesOf(pdf)) {
    const problems: SignatureProblem[] = [];
    const r = sig.range;
    const cms = r ? contentsOf(bytes, r) : null;
    if (!r || !cms) problems.push(problem('BYTE_RANGE_INVALID'));
    const end = r ? r[2] + r[3] : 0;
    const wholeDocument = !!r && end === bytes.length;
    const check = cms && r ? await checkCms(cms, signedBytes(bytes, r), anchors, sig.m) : null;
    if (check) problems.push(...check.problems);
    let changesAfter: SignatureReport['changesAfter'] = [];
    if (r && cms && !wholeDocument) {
      try {
        changesAfter = changesBetween(
          await loadLibPdf(bytes.subarray(0, end), options.password),
          pdf,
        );
      } catch {
        changesAfter = ['OTHER'];
      }
    }
    const allowed = sig.certifies === null ? null : (ALLOWED[sig.certifies] ?? ALLOWED[2]);
    const forbidden = allowed ? changesAfter.filter((c) => !allowed.includes(c)) : [];
    if (forbidden.length > 0) {
      problems.push(problem('CERTIFICATION_VIOLATED', forbidden.join(', ')));
    }
    const signedAt = check?.timestamp ?? sig.m;
    reports.push({
      field: sig.field,
      signer: check?.signerName ?? null,
      signedAt: signedAt ? signedAt.toISOString() : null,
      signedAtSource: check?.timestamp ? 'timestamp' : sig.m ? 'M' : null,
      intact: !!check?.verified,
      wholeDocument,
      trusted: !!check?.trusted,
      subFilter: sig.subFilter,
      selfSigned: !!check?.selfSigned,
      changesAfter,
      problems: problems.map((p) => p.message),
      problemCodes: problems,
    });
  }
  return { signatures: reports };
}
