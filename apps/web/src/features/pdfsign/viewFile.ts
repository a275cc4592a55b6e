/**
 * Opening a picked PDF for view. pdf.js never tries an empty password as the owner password (its
 * AES-256 check needs one typed), where qpdf and our engine do: a file whose owner password is
 * empty and whose user password is not opened here with a password prompt, though the export
 * writes onto it without one (issue 19, found by e2e/corpus.e2e.ts on pdf.js's pr6531_2.pdf).
 * Such a file is shown through a copy the engine writes without its encryption; the export still
 * writes onto the file itself, keeping its encryption.
 */
import { type OpenResult, openForView } from './pdfjs';

/** The file written without its encryption by the PDF worker, or null if it needs a password. */
async function decryptedCopy(file: Blob): Promise<Uint8Array | null> {
  try {
    const { pdfJobs } = await import('../../workers/pdfJobs');
    const { bytes } = await pdfJobs().run({ kind: 'viewCopy', bytes: await file.arrayBuffer() });
    return new Uint8Array(bytes);
  } catch {
    return null;
  }
}

/** openForView on `bytes` (the file's), falling back to a decrypted copy as said above. */
export async function openFileForView(
  bytes: Uint8Array,
  file: Blob,
  password: string | undefined,
): Promise<OpenResult> {
  const result = await openForView(bytes, password);
  if (result.ok || result.reason !== 'password' || password !== undefined) return result;
  const copy = await decryptedCopy(file);
  if (!copy) return result;
  const shown = await openForView(copy);
  return shown.ok ? shown : result;
}
