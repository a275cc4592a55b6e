/**
 * Cheap checks on a file's bytes, without an engine: screens run them when a file is chosen,
 * before loading the engine, and read.ts runs them first.
 */
import { latin1Text } from './latin1';

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/**
 * Does the file end as a PDF ends (startxref or %%EOF near the end)? A parser would load a cut-off
 * file from whatever objects survived; read.ts then checks what the cut took.
 */
export function looksComplete(bytes: Uint8Array): boolean {
  const tail = latin1Text(bytes, bytes.length - TAIL_BYTES);
  return tail.includes('%%EOF') || tail.includes('startxref');
}

/** Readers look for the end markers this close to the end; mail systems append a little. */
const TAIL_BYTES = 2048;

/** Is there a PDF header in the first KB, where readers look for it? */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - PDF_MAGIC.length, 1024);
  for (let i = 0; i <= end; i++) {
    if (PDF_MAGIC.every((b, k) => bytes[i + k] === b)) return true;
  }
  return false;
}
