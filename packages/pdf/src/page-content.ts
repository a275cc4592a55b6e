/**
 * A page's content streams as readers take them: decoded, and only those that draw something.
 * Shared by the update writer (which scans the content before appending to it) and the merge
 * copier (which leaves undrawable entries out of a repaired input's pages).
 */
import { PdfArray, PdfName, type PdfObject, PdfStream } from '@libpdf/core';
import { inflateSeen } from './inflate';

export { inflate, inflateSeen } from './inflate';

/**
 * A content stream's data. Plain Flate (most content) is inflated by fflate, several times faster
 * than @libpdf/core's pako on the large pages that made stamping slow; anything else, or data
 * fflate finds corrupt, goes through @libpdf/core, which decodes as far as the data allows.
 */
export function decodedContent(stream: PdfStream): Uint8Array {
  if (plainFlate(stream)) {
    try {
      return inflateSeen(stream.data);
    } catch {
      // decoded leniently below
    }
  }
  return stream.getDecodedData();
}

/**
 * The decoded data of a /Contents entry that draws something, or undefined for one that does
 * not: an entry that is no stream makes poppler draw nothing of the page ("Weird page
 * contents"), and a stream whose data decodes to nothing at all draws nothing anywhere but fails
 * `qpdf --check` once a repaired page tree reaches it.
 */
export function drawnContent(entry: PdfObject | undefined): Uint8Array | undefined {
  if (!(entry instanceof PdfStream)) return undefined;
  let data: Uint8Array;
  try {
    data = decodedContent(entry);
  } catch {
    return undefined;
  }
  return data.length === 0 && entry.data.length > 0 ? undefined : data;
}

/** Flate and nothing else, no predictor: what fflate inflates directly. */
export function plainFlate(stream: PdfStream): boolean {
  const filter = stream.get('Filter');
  const only = filter instanceof PdfArray && filter.length === 1 ? filter.at(0) : filter;
  return (
    only instanceof PdfName &&
    only.value === 'FlateDecode' &&
    stream.get('DecodeParms') === undefined
  );
}

/** Plain Flate data inflates as written (other filters are taken as they are). */
export function inflatesAsWritten(stream: PdfStream): boolean {
  if (!plainFlate(stream)) return true;
  try {
    inflateSeen(stream.data);
    return true;
  } catch {
    return false;
  }
}
