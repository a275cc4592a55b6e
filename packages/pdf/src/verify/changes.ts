/**
 * What changed between the revision a signature covers and the file as it is now, in the terms a
 * user asks about: pages added, annotations or page content changed, form filled, signature added.
 * Both revisions are read with @libpdf/core and compared object by object.
 */
import {
  type PDF,
  PdfArray,
  PdfDict,
  type PdfObject,
  PdfRef,
  PdfStream,
  type SignatureField,
} from '@libpdf/core';
import type { ChangeCode } from './types';

const key = (ref: PdfRef) => `${ref.objectNumber} ${ref.generation}`;

function resolver(pdf: PDF) {
  return (ref: PdfRef) => pdf.getObject(ref);
}

/** The page's annotation references, and which of them are signature widgets. */
function annotations(pdf: PDF, index: number): Map<string, boolean> {
  const page = pdf.getPage(index);
  const out = new Map<string, boolean>();
  const annots = page?.dict.getArray('Annots', resolver(pdf));
  if (!annots) return out;
  for (let i = 0; i < annots.length; i++) {
    const item = annots.at(i);
    if (!(item instanceof PdfRef)) continue;
    const dict = pdf.getObject(item);
    const isSig =
      dict instanceof PdfDict &&
      (dict.getName('FT')?.value === 'Sig' ||
        (dict.get('Parent') instanceof PdfRef &&
          (pdf.getObject(dict.get('Parent') as PdfRef) as PdfDict | null)?.getName('FT')?.value ===
            'Sig'));
    out.set(key(item), isSig);
  }
  return out;
}

/** The bytes behind an object, following references and streams (for equality only). */
function fingerprint(pdf: PDF, obj: PdfObject | undefined, depth = 0): string {
  if (obj === undefined || depth > 3) return '';
  if (obj instanceof PdfRef)
    return `${key(obj)}:${fingerprint(pdf, pdf.getObject(obj) ?? undefined, depth + 1)}`;
  if (obj instanceof PdfStream) {
    const data = obj.data;
    let sum = 0;
    for (let i = 0; i < data.length; i++) sum = (sum * 31 + (data[i] as number)) | 0;
    return `stream(${data.length},${sum})`;
  }
  if (obj instanceof PdfArray) {
    const parts: string[] = [];
    for (let i = 0; i < obj.length; i++) parts.push(fingerprint(pdf, obj.at(i), depth + 1));
    return `[${parts.join(' ')}]`;
  }
  return String((obj as { value?: unknown }).value ?? obj.type);
}

function annotationChanged(before: PDF, after: PDF, ref: string): boolean {
  const [n, g] = ref.split(' ').map(Number);
  const r = PdfRef.of(n as number, g as number);
  const a = before.getObject(r);
  const b = after.getObject(r);
  if (!(a instanceof PdfDict) || !(b instanceof PdfDict)) return a !== b;
  for (const name of ['Rect', 'Contents', 'AP', 'AS', 'F']) {
    if (fingerprint(before, a.get(name)) !== fingerprint(after, b.get(name))) return true;
  }
  return false;
}

function formValues(pdf: PDF): Map<string, string> {
  const out = new Map<string, string>();
  for (const field of pdf.getForm()?.getFields() ?? []) {
    if (field.type === 'signature') continue;
    out.set(field.name, JSON.stringify(field.getValue() ?? null));
  }
  return out;
}

function signedCount(pdf: PDF): number {
  return (pdf.getForm()?.getFields() ?? []).filter(
    (f) => f.type === 'signature' && (f as SignatureField).isSigned(),
  ).length;
}

/** Changes from `before` (the signed revision) to `after` (the whole file), in a fixed order. */
export function changesBetween(before: PDF, after: PDF): ChangeCode[] {
  const found = new Set<ChangeCode>();
  const pagesBefore = before.getPageCount();
  const pagesAfter = after.getPageCount();
  if (pagesAfter > pagesBefore) found.add('PAGES_ADDED');
  if (pagesAfter < pagesBefore) found.add('OTHER');
  for (let i = 0; i < Math.min(pagesBefore, pagesAfter); i++) {
    const a = before.getPage(i);
    const b = after.getPage(i);
    if (!a || !b) continue;
    if (
      fingerprint(before, a.dict.get('Contents')) !== fingerprint(after, b.dict.get('Contents')) ||
      fingerprint(before, a.dict.get('MediaBox')) !== fingerprint(after, b.dict.get('MediaBox')) ||
      fingerprint(before, a.dict.get('Rotate')) !== fingerprint(after, b.dict.get('Rotate'))
    ) {
      found.add('CONTENT_CHANGED');
    }
    const annotsBefore = annotations(before, i);
    const annotsAfter = annotations(after, i);
    for (const [ref, isSig] of annotsAfter) {
      if (!annotsBefore.has(ref)) {
        if (!isSig) found.add('ANNOTATIONS_CHANGED');
      } else if (!isSig && annotationChanged(before, after, ref)) {
        found.add('ANNOTATIONS_CHANGED');
      }
    }
    for (const ref of annotsBefore.keys())
      if (!annotsAfter.has(ref)) found.add('ANNOTATIONS_CHANGED');
  }
  const valuesBefore = formValues(before);
  for (const [name, value] of formValues(after)) {
    if (valuesBefore.has(name) && valuesBefore.get(name) !== value) found.add('FORM_FILLED');
  }
  if (signedCount(after) > signedCount(before)) found.add('SIGNATURE_ADDED');
  if (found.size === 0) found.add('OTHER');
  const order: ChangeCode[] = [
    'PAGES_ADDED',
    'CONTENT_CHANGED',
    'ANNOTATIONS_CHANGED',
    'FORM_FILLED',
    'SIGNATURE_ADDED',
    'OTHER',
  ];
  return order.filter((c) => found.has(c));
}
