/**
 * Fixtures for the incremental-update tests that no outside tool makes: a certification claim
 * (DocMDP), a PDF/A claim, a signed file whose cross-reference data is broken.
 */
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfStream, PdfString } from '@libpdf/core';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

/**
 * The file with a certification signature's structure (the catalog's /Perms /DocMDP pointing at a
 * signature dictionary whose DocMDP reference has /P p), built with @libpdf/core's public object
 * API and appended as an update. Neither pdfsig nor @libpdf/core can certify, so the signature
 * value itself is a placeholder: what is tested is our reading of the permission, not the
 * cryptography.
 */
export async function certified(
  pdfBytes: Uint8Array,
  p: 1 | 2 | 3,
  password?: string,
): Promise<Uint8Array> {
  const pdf = await PDF.load(pdfBytes, password === undefined ? {} : { credentials: password });
  const reference = PdfDict.of({
    Type: PdfName.of('SigRef'),
    TransformMethod: PdfName.of('DocMDP'),
    TransformParams: PdfDict.of({
      Type: PdfName.of('TransformParams'),
      P: PdfNumber.of(p),
      V: PdfName.of('1.2'),
    }),
  });
  const signature = pdf.context.register(
    PdfDict.of({
      Type: PdfName.of('Sig'),
      Filter: PdfName.of('Adobe.PPKLite'),
      SubFilter: PdfName.of('adbe.pkcs7.detached'),
      Reference: PdfArray.of(reference),
      Contents: PdfString.fromHex('00'.repeat(64)),
    }),
  );
  const page = pdf.getPage(0);
  const field = pdf.context.register(
    PdfDict.of({
      FT: PdfName.of('Sig'),
      T: PdfString.fromString('Certification'),
      V: signature,
      Type: PdfName.of('Annot'),
      Subtype: PdfName.of('Widget'),
      Rect: PdfArray.of(PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(0)),
      F: PdfNumber.of(132),
      ...(page ? { P: page.ref } : {}),
    }),
  );
  const catalog = pdf.getCatalog();
  catalog.set('AcroForm', PdfDict.of({ Fields: PdfArray.of(field), SigFlags: PdfNumber.of(3) }));
  catalog.set('Perms', PdfDict.of({ DocMDP: signature }));
  return pdf.save({ incremental: true });
}

/** The file claiming PDF/A-`part``conformance` in its XMP metadata. */
export async function claimsPdfA(pdfBytes: Uint8Array, part: number, conformance: string) {
  const pdf = await PDF.load(pdfBytes);
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>${part}</pdfaid:part><pdfaid:conformance>${conformance}</pdfaid:conformance>
</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const metadata = pdf.context.register(
    PdfStream.fromDict({ Type: PdfName.of('Metadata'), Subtype: PdfName.of('XML') }, bytesOf(xmp)),
  );
  pdf.getCatalog().set('Metadata', metadata);
  return pdf.save({ incremental: true });
}

/** The last `startxref` points into nowhere: readers must rebuild the cross-reference data. */
export function brokenXref(pdf: Uint8Array): Uint8Array {
  const text = latin1(pdf);
  const at = text.lastIndexOf('startxref');
  return bytesOf(`${text.slice(0, at)}startxref\n17\n%%EOF\n`);
}

/** True when `prefix` is exactly the first bytes of `whole`. */
export function startsWithBytes(whole: Uint8Array, prefix: Uint8Array): boolean {
  if (whole.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (whole[i] !== prefix[i]) return false;
  return true;
}
