/**
 * Bytes as Latin-1 text (one character per byte), for searching a PDF's syntax with string
 * methods. TextDecoder is not in ES2022 (nor in every worker's lib), and its "latin1" is
 * windows-1252 anyway. `String.fromCharCode(...bytes)` spreads the bytes through the iterator
 * protocol: fifteen times slower than handing the typed array to `apply` (350 µs for the 2 KB tail
 * looksComplete reads on every file, against 20 µs), which was a good part of stamping a small file.
 */

/** Few enough arguments for any engine's call stack. */
const CHUNK = 8192;

export function latin1Text(bytes: Uint8Array, from = 0, to = bytes.length): string {
  const start = Math.max(0, from);
  const end = Math.min(bytes.length, to);
  let out = '';
  for (let i = start; i < end; i += CHUNK) {
    const part = bytes.subarray(i, Math.min(end, i + CHUNK));
    out += String.fromCharCode.apply(null, part as unknown as number[]);
  }
  return out;
}

type Decoder = { decode(bytes: Uint8Array): string };
const { TextDecoder: Decoding } = globalThis as unknown as {
  TextDecoder?: new (label: string) => Decoder;
};

/**
 * The bytes as a string key, one character each: windows-1252 as the Encoding Standard decodes it
 * (what 'latin1' names there) gives each of the 256 bytes its own character, and the decoder is
 * native code, where a loop over the bytes cost more than the inflating it saved in a cold process
 * (every engine the code runs in has one; latin1Text where not).
 */
const keyDecoder = Decoding ? new Decoding('latin1') : undefined;
export const latin1Key = (bytes: Uint8Array): string =>
  keyDecoder ? keyDecoder.decode(bytes) : latin1Text(bytes);
