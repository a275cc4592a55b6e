/**
 * signPdf: a PAdES baseline signature (B-B, or B-T with a timestamp) appended to a PDF as one
 * incremental update, so that earlier signatures stay valid and an encrypted file stays encrypted.
 *
 * @libpdf/core's own sign() writes an invisible widget and a signing-time attribute (which PAdES
 * forbids); so the signature dictionary, widget and appearance are built here through its object
 * model, and the CMS with pkijs (cms.ts).
 */
import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfRef,
  PdfString,
} from '@libpdf/core';
import { openForUpdate, saveUpdate } from '../document';
import { engineWork } from '../engine-log';
import { isPdfA1 } from '../images';
import { attachWidget, invisibleWidget, visibleWidget } from './appearance';
import { parseCertificate, publicKeyOf, validityWarnings, verifiesWith } from './certs';
import { buildCms } from './cms';
import { SignError } from './errors';
import { MIN_RSA_BITS } from './keys';
import {
  ascii,
  byteRangePlaceholder,
  contentsPlaceholder,
  fillByteRange,
  fillContents,
  findHoles,
  signedBytes,
} from './placeholder';
import { fetchTimestampToken } from './timestamp';
import type { SignOptions } from './types';
import { type Digest, digest } from './webcrypto';

/** A PDF date, D:YYYYMMDDHHmmSSZ (UTC). */
export function pdfDate(d: Date): string {
  const iso = d.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

function uniqueFieldName(pdf: PDF): string {
  const names = new Set(
    pdf
      .getForm()
      ?.getFields()
      .map((f) => f.name) ?? [],
  );
  for (let n = 1; ; n++) if (!names.has(`Signature${n}`)) return `Signature${n}`;
}

/** Adds the field, widget and signature dictionary with a /Contents hole of `size` bytes, and saves. */
async function prepare(
  source: Uint8Array,
  options: SignOptions,
  size: number,
  now: Date,
): Promise<Uint8Array> {
  // openForUpdate refuses what issue 14 refuses (a certification allowing no changes, restricted
  // permissions, a signed file that needs repair) and keeps the encryption on save.
  const { pdf, info, geometry } = await openForUpdate(source, options);
  const form = pdf.getOrCreateForm();
  if (options.certify && info.signatures.length > 0) {
    throw new SignError(
      'SIGN_FAILED',
      'A certification signature must be the first signature in a file; this PDF is already signed',
    );
  }
  const widget = options.appearance
    ? visibleWidget(pdf, geometry, options.appearance, { stencil: isPdfA1(info) })
    : invisibleWidget(pdf);

  const sig = PdfDict.of({
    Type: PdfName.of('Sig'),
    Filter: PdfName.of('Adobe.PPKLite'),
    SubFilter: PdfName.of('ETSI.CAdES.detached'),
    ByteRange: byteRangePlaceholder(),
    Contents: contentsPlaceholder(size),
    M: PdfString.fromString(pdfDate(now)),
  });
  if (options.reason) sig.set('Reason', PdfString.fromString(options.reason));
  if (options.location) sig.set('Location', PdfString.fromString(options.location));
  if (options.certify) {
    sig.set(
      'Reference',
      new PdfArray([
        PdfDict.of({
          Type: PdfName.of('SigRef'),
          TransformMethod: PdfName.of('DocMDP'),
          TransformParams: PdfDict.of({
            Type: PdfName.of('TransformParams'),
            P: PdfNumber.of(options.certify === 'no-changes' ? 1 : 2),
            V: PdfName.of('1.2'),
          }),
        }),
      ]),
    );
  }
  const sigRef = pdf.register(sig);
  if (options.certify) {
    const catalog = pdf.getCatalog();
    const resolve = (ref: PdfRef) => pdf.getObject(ref);
    const perms = catalog.getDict('Perms', resolve);
    if (perms) perms.set('DocMDP', sigRef);
    else catalog.set('Perms', PdfDict.of({ DocMDP: sigRef }));
  }
  const field = form.createSignatureField(uniqueFieldName(pdf));
  const fieldDict = field.getDict();
  fieldDict.set('V', sigRef);
  attachWidget(pdf, fieldDict, widget, field.getRef() as PdfRef);

  return saveUpdate(pdf, info, options);
}

/** Bytes of the CMS for this key with a dummy hash and signature of the largest size: the B-B size. */
async function cmsSize(
  chain: readonly Uint8Array[],
  keyType: 'RSA' | 'EC',
  d: Digest,
  bits: number,
): Promise<number> {
  // ECDSA DER: SEQUENCE of two INTEGERs of up to bits/8 + 1 bytes each.
  const sigLength = keyType === 'RSA' ? bits / 8 : 2 * (bits / 8 + 3) + 2;
  const cms = await buildCms({
    chain,
    keyType,
    digest: d,
    documentHash: await digest(d, new Uint8Array(0)),
    sign: async () => new Uint8Array(sigLength).fill(0xff),
  });
  return cms.length;
}

export async function signPdf(bytes: Uint8Array, options: SignOptions): Promise<Uint8Array> {
  return engineWork(() => signing(bytes, options));
}

async function signing(bytes: Uint8Array, options: SignOptions): Promise<Uint8Array> {
  const { key } = options;
  const now = options.now ?? new Date();
  const [signerDer] = key.chain;
  if (!signerDer) throw new SignError('BAD_CERTIFICATE', 'The signing key has no certificate');
  const cert = parseCertificate(signerDer);
  const pub = await publicKeyOf(cert);
  if (pub.keyType === 'RSA' && pub.bits < MIN_RSA_BITS) {
    throw new SignError(
      'KEY_TOO_WEAK',
      `The key is RSA ${pub.bits} bits; at least ${MIN_RSA_BITS} are needed`,
    );
  }
  for (const warning of validityWarnings(cert, now)) options.onWarning?.(warning);
  // A key that is not the certificate's would write a signature no reader accepts: check first.
  const probe = ascii('yinzhang key check');
  if (!(await verifiesWith(pub, await key.sign(probe), probe))) {
    throw new SignError('KEY_MISMATCH', 'The signing key does not belong to its certificate');
  }

  let size = await cmsSize(key.chain, key.keyType, pub.digest, pub.bits);
  const transport = options.timestamp;
  if (transport) {
    // The token's size is only known from the authority: ask once for a throwaway hash, so the
    // hole fits the real token without guessing (attribute wrapping and small variance: 64 bytes).
    const probe = await fetchTimestampToken(transport, new Uint8Array(32), pub.digest);
    size += probe.length + 64;
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    const out = await prepare(bytes, options, size, now);
    // Appended (the usual case): our placeholders are in the new part; a rewrite: anywhere.
    const appended =
      out.length > bytes.length && out.subarray(0, bytes.length).every((b, i) => b === bytes[i]);
    const holes = findHoles(out, appended ? bytes.length : 0);
    const range = fillByteRange(out, holes);
    const documentHash = await digest(pub.digest, signedBytes(out, range));
    const cms = await buildCms({
      chain: key.chain,
      keyType: key.keyType,
      digest: pub.digest,
      documentHash,
      sign: (data) => key.sign(data),
      timestamp: transport
        ? (value) => fetchTimestampToken(transport, value, pub.digest)
        : undefined,
    });
    if (fillContents(out, holes, cms)) return out;
    // A token larger than the probe's: once more with room for it.
    size = cms.length + 64;
  }
  throw new SignError('SIGN_FAILED', 'The signature did not fit its reserved space');
}
