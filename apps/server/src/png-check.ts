import { once } from 'node:events';
import { crc32, createInflate } from 'node:zlib';

const SIGNATURE_LENGTH = 8;
/** Length (4), type (4), then data, then CRC (4). */
const CHUNK_OVERHEAD = 12;
const IHDR_LENGTH = 13;

/** Channels per colour type (PNG §11.2.2): grey, RGB, palette, grey+alpha, RGBA. */
const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Bit depths each colour type allows. */
const DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;
/** Row filter types 0..4 (None, Sub, Up, Average, Paeth). */
const MAX_FILTER = 4;

export interface PngHeader {
  readonly width: number;
  readonly height: number;
  /** Bytes one pixel takes once decoded (channels x bytes per sample; a palette expands to RGBA). */
  readonly bytesPerPixel: number;
}

/** Inflated output is looked at in pieces of this size and dropped: memory stays flat. */
const INFLATE_CHUNK_BYTES = 64 * 1024;

/** Why a PNG does not decode; the message is for the client. */
export class PngDecodeError extends Error {}

interface Pass {
  readonly rows: number;
  readonly rowBytes: number;
}

function passes(width: number, height: number, bitsPerPixel: number, interlaced: boolean): Pass[] {
  const geometry = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const out: Pass[] = [];
  for (const [x0, y0, dx, dy] of geometry) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) out.push({ rows: h, rowBytes: 1 + Math.ceil((w * bitsPerPixel) / 8) });
  }
  return out;
}

/**
 * Reads the IHDR of a PNG whose signature has been checked, without decoding anything.
 * Throws PngDecodeError when the header itself is malformed.
 */
export function pngHeader(bytes: Uint8Array): PngHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < SIGNATURE_LENGTH + CHUNK_OVERHEAD + IHDR_LENGTH) {
    throw new PngDecodeError('The PNG ends inside its header');
  }
  if (view.getUint32(SIGNATURE_LENGTH) !== IHDR_LENGTH) {
    throw new PngDecodeError('The PNG header has the wrong length');
  }
  const width = view.getUint32(SIGNATURE_LENGTH + 8);
  const height = view.getUint32(SIGNATURE_LENGTH + 12);
  if (width === 0 || height === 0) throw new PngDecodeError('The PNG has no pixels');
  const depth = bytes[SIGNATURE_LENGTH + 16] ?? 8;
  const colourType = bytes[SIGNATURE_LENGTH + 17] ?? 6;
  // Decoders expand a palette to RGB(A) and sub-byte greys to one byte; 16 bits stay 2 bytes.
  const channels = colourType === 3 ? 4 : (CHANNELS[colourType] ?? 4);
  return { width, height, bytesPerPixel: channels * (depth === 16 ? 2 : 1) };
}

export interface PngChunk {
  readonly type: string;
  readonly data: Uint8Array;
  /** Where the chunk ends in the file, its CRC included. */
  readonly end: number;
}

/**
 * A PNG's chunks after the signature, in order, through IEND (or to the end of the bytes when
 * there is none), each whole and its CRC right; throws PngDecodeError at one that is cut off or
 * damaged. The one walk of a PNG's chunks on the server: assertPngDecodes and the plain PNG's
 * header (extract/png-header.ts).
 */
export function* pngChunks(bytes: Uint8Array): Generator<PngChunk, void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = SIGNATURE_LENGTH; offset < bytes.length; ) {
    if (offset + CHUNK_OVERHEAD > bytes.length) throw new PngDecodeError('The PNG is cut off');
    const length = view.getUint32(offset);
    const end = offset + CHUNK_OVERHEAD + length;
    if (end > bytes.length) throw new PngDecodeError('The PNG is cut off');
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    if (crc32(typeAndData) !== view.getUint32(offset + 8 + length)) {
      throw new PngDecodeError('A PNG chunk is damaged (bad checksum)');
    }
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    yield { type, data: bytes.subarray(offset + 8, offset + 8 + length), end };
    if (type === 'IEND') return;
    offset = end;
  }
}

/**
 * Proves a PNG decodes without building its pixels: every chunk is whole and its CRC right, IHDR
 * is valid, a palette image has PLTE, IDAT is one zlib stream that inflates to exactly the size
 * the header implies (with a valid filter byte on every row), and IEND closes the file. Filtering
 * arithmetic cannot fail, so an image passing this decodes. The inflate is a stream whose output
 * is checked and dropped chunk by chunk, stopping at the header's budget (see inflateWithin).
 * Call it after checking the signature and the pixel count; throws PngDecodeError.
 */
export async function assertPngDecodes(bytes: Uint8Array): Promise<void> {
  const { width, height } = pngHeader(bytes);
  let colourType = -1;
  let bitDepth = 0;
  let interlaced = false;
  let sawPalette = false;
  let sawEnd = false;
  const idat: Uint8Array[] = [];
  let first = true;
  for (const { type, data } of pngChunks(bytes)) {
    if (first !== (type === 'IHDR')) throw new PngDecodeError('The PNG header is not first');
    first = false;
    if (type === 'IHDR') {
      bitDepth = data[8] ?? 0;
      colourType = data[9] ?? -1;
      if (!DEPTHS[colourType]?.includes(bitDepth)) {
        throw new PngDecodeError('The PNG has an invalid colour type or bit depth');
      }
      if (data[10] !== 0 || data[11] !== 0 || (data[12] ?? 2) > 1) {
        throw new PngDecodeError('The PNG uses an unknown compression, filter or interlace method');
      }
      interlaced = data[12] === 1;
    } else if (type === 'PLTE') {
      sawPalette = true;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      sawEnd = true;
    }
  }
  if (!sawEnd) throw new PngDecodeError('The PNG is cut off (no end chunk)');
  if (colourType === 3 && !sawPalette) throw new PngDecodeError('The PNG has no palette');
  if (idat.length === 0) throw new PngDecodeError('The PNG has no image data');

  const layout = passes(width, height, (CHANNELS[colourType] ?? 1) * bitDepth, interlaced);
  await inflateWithin(idat, layout);
}

/**
 * Inflates the image data as a stream that stops at its budget: exactly the bytes the header
 * implies. Every row's filter byte is checked as it goes by and the output is then dropped, so
 * a bomb of any size costs one chunk of memory and is cut off one chunk past its budget.
 */
async function inflateWithin(idat: readonly Uint8Array[], layout: readonly Pass[]): Promise<void> {
  const budget = layout.reduce((sum, p) => sum + p.rows * p.rowBytes, 0);
  const rowStarts = rowStartsOf(layout);
  let nextRow = rowStarts.next();
  let produced = 0;
  let failure: PngDecodeError | undefined;
  const inflater = createInflate({ chunkSize: INFLATE_CHUNK_BYTES });
  inflater.on('data', (chunk: Buffer) => {
    const end = produced + chunk.length;
    while (!nextRow.done && nextRow.value < end) {
      if ((chunk[nextRow.value - produced] ?? 0) > MAX_FILTER) {
        failure ??= new PngDecodeError('A PNG row has an unknown filter');
      }
      nextRow = rowStarts.next();
    }
    produced = end;
    if (produced > budget) {
      failure ??= new PngDecodeError('The PNG image data is longer than its size');
    }
    // With an error: the writer's and the reader's waits below end at once.
    if (failure !== undefined) inflater.destroy(failure);
  });
  const done = once(inflater, 'end');
  // Without a listener the error of a destroyed or failing stream would be thrown elsewhere.
  done.catch(() => {});
  try {
    for (const part of idat) {
      if (failure !== undefined) break;
      if (!inflater.write(part)) await once(inflater, 'drain');
    }
    inflater.end();
    await done;
  } catch {
    failure ??= new PngDecodeError('The PNG image data is damaged');
  } finally {
    inflater.destroy();
  }
  if (failure !== undefined) throw failure;
  if (produced !== budget) throw new PngDecodeError('The PNG image data is too short');
}

/** Offsets of every row's filter byte in the inflated data, pass after pass. */
function* rowStartsOf(layout: readonly Pass[]): Generator<number, void> {
  let offset = 0;
  for (const pass of layout) {
    for (let r = 0; r < pass.rows; r++, offset += pass.rowBytes) yield offset;
  }
}
