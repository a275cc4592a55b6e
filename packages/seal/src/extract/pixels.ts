/**
 * RGBA pixels as one 32-bit word each: one load per pixel instead of three byte loads, which the
 * whole-image passes (paper.ts) feel. The channel shifts follow the machine's byte order.
 */

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
export const R_SHIFT = LITTLE_ENDIAN ? 0 : 24;
export const G_SHIFT = LITTLE_ENDIAN ? 8 : 16;
export const B_SHIFT = LITTLE_ENDIAN ? 16 : 8;

/**
 * A word view of the bytes when they sit on a 4-byte boundary (they almost always do: a Buffer
 * from Node's pool or a decoded image), else an aligned copy.
 */
export function pixelWords(rgba: Uint8Array): Uint32Array {
  if (rgba.byteOffset % 4 === 0) {
    return new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
  }
  return new Uint32Array(rgba.slice().buffer, 0, rgba.length >> 2);
}
