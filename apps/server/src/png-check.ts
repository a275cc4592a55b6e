import { promisify } from 'node:util';
import { crc32, inflate } from 'node:zlib';

const inflateAsync = promisify(inflate);

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
}

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
  return { width, height };
}

/**
 * Proves a PNG decodes without building its pixels: every chunk is whole and its CRC right, IHDR
 * is valid, a palette image has PLTE, IDAT is one zlib stream that inflates to exactly the size
 * the header implies (with a valid filter byte on every row), and IEND closes the file. Filtering
 * arithmetic cannot fail, so an image passing this decodes. The inflate runs off the event loop
 * and stops one byte past the expected size, so a lying header cannot make it allocate more.
 * Call it after checking the signature and the pixel count; throws PngDecodeError.
 */
export async function assertPngDecodes(bytes: Uint8Array): Promise<void> {
  const { width, height } = pngHeader(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let colourType = -1;
  let bitDepth = 0;
  let interlaced = false;
  let sawPalette = false;
  let sawEnd = false;
  const idat: Uint8Array[] = [];
  let offset = SIGNATURE_LENGTH;
  let first = true;
  while (offset < bytes.length) {
    if (offset + CHUNK_OVERHEAD > bytes.length) throw new PngDecodeError('The PNG is cut off');
    const length = view.getUint32(offset);
    const end = offset + CHUNK_OVERHEAD + length;
    if (end > bytes.length) throw new PngDecodeError('The PNG is cut off');
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    if (crc32(typeAndData) !== view.getUint32(offset + 8 + length)) {
      throw new PngDecodeError('A PNG chunk is damaged (bad checksum)');
    }
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
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
      break;
    }
    offset = end;
  }
  if (!sawEnd) throw new PngDecodeError('The PNG is cut off (no end chunk)');
  if (colourType === 3 && !sawPalette) throw new PngDecodeError('The PNG has no palette');
  if (idat.length === 0) throw new PngDecodeError('The PNG has no image data');

  const layout = passes(width, height, (CHANNELS[colourType] ?? 1) * bitDepth, interlaced);
  const expected = layout.reduce((sum, p) => sum + p.rows * p.rowBytes, 0);
  let raw: Buffer;
  try {
    raw = await inflateAsync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    throw new PngDecodeError('The PNG image data is damaged or longer than its size');
  }
  if (raw.length !== expected) throw new PngDecodeError('The PNG image data is too short');
  let row = 0;
  for (const pass of layout) {
    for (let r = 0; r < pass.rows; r++, row += pass.rowBytes) {
      if ((raw[row] ?? 0) > MAX_FILTER) throw new PngDecodeError('A PNG row has an unknown filter');
    }
  }
}
