/**
 * Checks a file the visitor picked before anything reads it in full (SPEC §5). Pure: the caller
 * passes the declared size and type and the file's first bytes (`readHead`), and shows the alert.
 * The server checks the bytes again; this only spares the visitor a pointless upload.
 */

/** The alerts keep the spec's English wording in every language (DESIGN §9). */
export const FILE_ALERTS = {
  tooLarge: 'The file is more than 5MB',
  notImage: 'Please select an image file',
  notPdf: 'Please select an pdf file',
} as const;

export const MB = 1024 * 1024;

export type FileKind = 'image' | 'pdf';

/** What each kind of picker accepts: its `accept` attribute, the size limit and the alert. */
export const FILE_RULES = {
  image: {
    accept: 'image/png,image/jpeg,image/webp',
    maxMb: 5,
    wrongType: FILE_ALERTS.notImage,
  },
  pdf: { accept: 'application/pdf', maxMb: 100, wrongType: FILE_ALERTS.notPdf },
} as const satisfies Record<FileKind, { accept: string; maxMb: number; wrongType: string }>;

/** Enough bytes to tell every format below apart. */
export const HEAD_BYTES = 12;

export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

const SIGNATURES: readonly { type: SniffedType; at: number; bytes: readonly number[] }[] = [
  { type: 'image/png', at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', at: 0, bytes: [0xff, 0xd8, 0xff] },
  // RIFF....WEBP: bytes 4..7 are the chunk size.
  { type: 'image/webp', at: 0, bytes: [0x52, 0x49, 0x46, 0x46] },
  { type: 'application/pdf', at: 0, bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];
const WEBP_TAG = [0x57, 0x45, 0x42, 0x50];

function matchesAt(head: Uint8Array, at: number, bytes: readonly number[]): boolean {
  return bytes.every((b, i) => head[at + i] === b);
}

/** The format the first bytes announce, or null when they are none of ours. */
export function sniffType(head: Uint8Array): SniffedType | null {
  for (const { type, at, bytes } of SIGNATURES) {
    if (!matchesAt(head, at, bytes)) continue;
    if (type === 'image/webp' && !matchesAt(head, 8, WEBP_TAG)) continue;
    return type;
  }
  return null;
}

export type FileProblem = 'tooLarge' | 'wrongType';

/**
 * The first problem with a file, or null when it may be used. Order: size, then type.
 * The type must pass twice: the declared type (empty is allowed, some systems send none) and the
 * first bytes. A declared image/png holding JPEG bytes is still an image and passes.
 */
export function checkFile(
  file: { size: number; type: string },
  head: Uint8Array,
  kind: FileKind,
): FileProblem | null {
  if (file.size > FILE_RULES[kind].maxMb * MB) return 'tooLarge';
  const declared = file.type.toLowerCase();
  const sniffed = sniffType(head);
  const ok =
    kind === 'image'
      ? (declared === '' || declared.startsWith('image/')) &&
        sniffed !== null &&
        sniffed.startsWith('image/')
      : (declared === '' || declared === 'application/pdf') && sniffed === 'application/pdf';
  return ok ? null : 'wrongType';
}

/** The alert text for a problem. */
export function alertFor(problem: FileProblem, kind: FileKind): string {
  return problem === 'tooLarge' ? FILE_ALERTS.tooLarge : FILE_RULES[kind].wrongType;
}

/** The first bytes of a file (Blob.slice reads only those). */
export async function readHead(file: Blob, n = HEAD_BYTES): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, n).arrayBuffer());
}

/** Reads the head and checks the file; resolves with the alert to show, or null. */
export async function inspectFile(file: File, kind: FileKind): Promise<string | null> {
  if (file.size > FILE_RULES[kind].maxMb * MB) return FILE_ALERTS.tooLarge;
  const problem = checkFile(file, await readHead(file), kind);
  return problem ? alertFor(problem, kind) : null;
}
