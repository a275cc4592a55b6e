/**
 * What an opened file holds besides its pages: encryption, permissions, signatures, a
 * certification, repair, a PDF/A claim. Read through @libpdf/core's public object model.
 */
import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
} from '@libpdf/core';
import type { EncryptionMethod, PdfInfo } from './info';
import { latin1Text } from './latin1';

export type DocumentFacts = Omit<PdfInfo, 'pages'>;

const METHODS: ReadonlySet<string> = new Set(['RC4-40', 'RC4-128', 'AES-128', 'AES-256']);

export function readDocumentFacts(pdf: PDF): DocumentFacts {
  const resolve = (o: PdfObject | undefined): PdfObject | undefined =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;
  const catalog = pdf.getCatalog();
  const security = pdf.getSecurity();
  const owner = pdf.hasOwnerAccess();
  let encryption: PdfInfo['encryption'] = null;
  if (pdf.isEncrypted) {
    const method = security.algorithm ?? '';
    encryption = {
      method: (METHODS.has(method) ? method : 'RC4-128') as EncryptionMethod,
      ownerAccess: owner,
    };
  }
  // Finding the signatures walks every form field, loading (and decrypting) each one, and most
  // writes never ask: an update appended to a signed file keeps its signatures valid. They are
  // read when first asked for (a refusal, a rewrite's notice, readPdfInfo's caller), once.
  let signatures: PdfInfo['signatures'] | undefined;
  return {
    encryption,
    canModify: owner || pdf.getPermissions().modify,
    get signatures() {
      signatures ??= readSignatures(catalog, resolve);
      return signatures;
    },
    certification: readCertification(catalog, resolve),
    repaired: pdf.recoveredViaBruteForce,
    pdfA: readPdfA(catalog, resolve),
  };
}

type Resolve = (o: PdfObject | undefined) => PdfObject | undefined;

const text = (o: PdfObject | undefined): string | null =>
  o instanceof PdfString ? o.asString() : null;

/** Signed signature fields (/FT /Sig with a /V), named as viewers name them (a.b.c). */
function readSignatures(catalog: PdfDict, resolve: Resolve): PdfInfo['signatures'] {
  const form = resolve(catalog.get('AcroForm'));
  if (!(form instanceof PdfDict)) return [];
  const out: { field: string; signer: string | null }[] = [];
  const seen = new Set<PdfObject>();
  const walk = (kids: PdfObject | undefined, parentName: string, parentType: string | null) => {
    const list = resolve(kids);
    if (!(list instanceof PdfArray)) return;
    for (const item of list) {
      const field = resolve(item);
      if (!(field instanceof PdfDict) || seen.has(field)) continue;
      seen.add(field);
      const own = text(resolve(field.get('T')));
      const name = own === null ? parentName : parentName ? `${parentName}.${own}` : own;
      const ft = resolve(field.get('FT'));
      const type = ft instanceof PdfName ? ft.value : parentType;
      const value = resolve(field.get('V'));
      if (type === 'Sig' && value instanceof PdfDict) {
        out.push({ field: name, signer: text(resolve(value.get('Name'))) });
      }
      walk(field.get('Kids'), name, type);
    }
  };
  walk(form.get('Fields'), '', null);
  return out;
}

/** /Perms /DocMDP points at the certification signature; its DocMDP reference holds /P. */
function readCertification(catalog: PdfDict, resolve: Resolve): PdfInfo['certification'] {
  const perms = resolve(catalog.get('Perms'));
  if (!(perms instanceof PdfDict)) return null;
  const signature = resolve(perms.get('DocMDP'));
  if (!(signature instanceof PdfDict)) return null;
  const references = resolve(signature.get('Reference'));
  if (references instanceof PdfArray) {
    for (const item of references) {
      const ref = resolve(item);
      if (!(ref instanceof PdfDict)) continue;
      const method = resolve(ref.get('TransformMethod'));
      if (!(method instanceof PdfName) || method.value !== 'DocMDP') continue;
      const params = resolve(ref.get('TransformParams'));
      const p = params instanceof PdfDict ? resolve(params.get('P')) : undefined;
      const value = p instanceof PdfNumber ? p.value : 2;
      return value === 1 || value === 3 ? value : 2;
    }
  }
  return 2;
}

/** The pdfaid part and conformance from the catalog's XMP metadata. */
function readPdfA(catalog: PdfDict, resolve: Resolve): string | null {
  const metadata = resolve(catalog.get('Metadata'));
  if (!(metadata instanceof PdfStream)) return null;
  let xmp: string;
  try {
    // The pdfaid values are ASCII: reading the bytes as Latin-1 is enough, and needs no DOM.
    xmp = latin1Text(metadata.getDecodedData());
  } catch {
    return null;
  }
  const field = (name: string) =>
    xmp.match(new RegExp(`pdfaid:${name}\\s*=\\s*["']([^"']*)["']`))?.[1] ??
    xmp.match(new RegExp(`<pdfaid:${name}>([^<]*)</pdfaid:${name}>`))?.[1];
  const part = field('part');
  if (!part) return null;
  return `${part.trim()}${(field('conformance') ?? '').trim().toUpperCase()}`;
}
