/**
 * Writing the merged document: every object reachable from its catalog, numbered 1..n in the
 * order they were made, a classic cross-reference table, a trailer with a new /ID. The bytes are
 * those @libpdf/core's full save writes for the same document, but for the /ID and the deflated
 * data of a stream written without a filter (compressed here by fflate, there by pako).
 *
 * Why not that save: before writing, it walks the whole document with each object's key as a
 * string, and then builds a renumbered copy of every object (dictionaries, arrays, streams) only
 * to serialise and drop it. A merge of 10 x 100 pages spent 80 ms of a 400 ms command there,
 * half of it in that walk and those copies, and the copies were a good part of the garbage
 * collected after. Here the walk keeps numbers and the new numbers are written as the references
 * are met; names, numbers, strings and the other simple objects still write themselves.
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
import { zlibSync } from 'fflate';
import { Out } from './byte-out';

/** Streams written without a filter and at least this long are compressed, as the save does. */
const COMPRESS_FROM = 512;

/** What the simple objects' toBytes take (structurally: Out has every method they call). */
type Sink = Parameters<PdfName['toBytes']>[0];

/*
 * Dictionaries are read by keys() and get(), arrays by index: their for-of iterators are
 * generators that make a result (and a pair, for a dictionary) per entry, several MB of a
 * 10 x 100 page merge's garbage between the copier, the writer and the checks.
 */

/** The object numbers reachable from `root`, by @libpdf/core's numbers. */
function reachable(pdf: PDF, root: PdfRef): Set<number> {
  const { registry } = pdf.context;
  const seen = new Set<number>();
  const stack: PdfObject[] = [root];
  while (stack.length > 0) {
    const object = stack.pop() as PdfObject;
    if (object instanceof PdfRef) {
      if (seen.has(object.objectNumber)) continue;
      seen.add(object.objectNumber);
      const target = registry.resolve(object);
      if (target !== null) stack.push(target);
    } else if (object instanceof PdfDict) {
      for (const key of object.keys()) {
        const value = object.get(key);
        if (value != null) stack.push(value);
      }
    } else if (object instanceof PdfArray) {
      for (let i = 0; i < object.length; i++) stack.push(object.at(i) as PdfObject);
    }
  }
  return seen;
}

/** A stream without a filter, long enough, compressed (when that makes it shorter). */
function prepared(object: PdfObject): PdfObject {
  if (!(object instanceof PdfStream) || object.has('Filter')) return object;
  if (object.data.length < COMPRESS_FROM) return object;
  const compressed = zlibSync(object.data);
  if (compressed.length >= object.data.length) return object;
  const stream = new PdfStream(object, compressed);
  stream.set('Filter', PdfName.of('FlateDecode'));
  return stream;
}

/** A new document's /ID (both halves the same, as the save makes them). */
function randomId(): Uint8Array {
  const { crypto } = globalThis as unknown as {
    crypto: { getRandomValues(a: Uint8Array): Uint8Array };
  };
  return crypto.getRandomValues(new Uint8Array(16));
}

/** The merged document `pdf` (made by PDF.create, never loaded or encrypted) as a PDF file. */
export function writeMerged(pdf: PDF, sizeHint: number): Uint8Array {
  const { registry } = pdf.context;
  const root = pdf.context.info.trailer.getRef('Root');
  if (!root) throw new Error('the merged document has no catalog');
  const keep = reachable(pdf, root);
  const numbers = new Map<number, number>();
  const objects: PdfObject[] = [];
  for (const [ref, object] of registry.entries()) {
    if (!keep.has(ref.objectNumber) || numbers.has(ref.objectNumber)) continue;
    numbers.set(ref.objectNumber, objects.length + 1);
    objects.push(object);
  }
  const out = new Out(sizeHint);
  const write = (object: PdfObject): void => {
    if (object instanceof PdfRef) {
      const number = numbers.get(object.objectNumber);
      // Every object is written as generation 0 under its new number.
      out.writeAscii(number === undefined ? 'null' : `${number} 0 R`);
    } else if (object instanceof PdfStream) {
      out.writeAscii(`<<\n/Length ${object.data.length}`);
      entries(object, true);
      out.writeAscii('>>\nstream\n');
      out.writeBytes(object.data);
      out.writeAscii('\nendstream');
    } else if (object instanceof PdfDict) {
      out.writeAscii('<<\n');
      entries(object, false);
      out.writeAscii('>>');
    } else if (object instanceof PdfArray) {
      out.writeAscii('[');
      for (let i = 0; i < object.length; i++) {
        if (i > 0) out.writeAscii(' ');
        write(object.at(i) as PdfObject);
      }
      out.writeAscii(']');
    } else {
      object.toBytes(out as unknown as Sink);
    }
  };
  const entries = (dict: PdfDict, stream: boolean): void => {
    for (const key of dict.keys()) {
      const value = dict.get(key);
      if (value == null || (stream && key.value === 'Length')) continue;
      key.toBytes(out as unknown as Sink);
      out.writeAscii(' ');
      write(value);
      out.writeAscii('\n');
    }
  };

  out.writeAscii(`%PDF-${pdf.version}\n`);
  out.writeBytes(Uint8Array.of(0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a));
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(out.position);
    out.writeAscii(`${i + 1} 0 obj\n`);
    write(prepared(object));
    out.writeAscii('\nendobj\n');
  });
  const xref = out.position;
  out.writeAscii(`xref\n0 ${objects.length + 1}\n0000000000 65535 f\r\n`);
  for (const offset of offsets) out.writeAscii(`${String(offset).padStart(10, '0')} 00000 n\r\n`);
  const id = randomId();
  const trailer = PdfDict.of({
    Size: PdfNumber.of(objects.length + 1),
    Root: root,
    ID: new PdfArray([new PdfString(id, 'hex'), new PdfString(id, 'hex')]),
  });
  out.writeAscii('trailer\n');
  write(trailer);
  out.writeAscii(`\nstartxref\n${xref}\n%%EOF\n`);
  return out.bytes();
}
