/**
 * The messages between the page and the PDF worker, and the worker's side of them as a plain
 * function over an injected engine (so it is tested without a worker). Bytes travel as
 * ArrayBuffers and are transferred, not copied.
 */
import type { MergeResult, Orientation, PageSize, Progress, TextHit } from '@yinzhang/pdf';

export interface ImageJobOptions {
  pageSize: PageSize;
  orientation: Orientation;
  marginMm: number;
}

export type PdfJob =
  /** Page count of one file, or why it cannot be read (password, damage). */
  | { kind: 'inspect'; bytes: ArrayBuffer; password?: string | undefined }
  | {
      kind: 'merge';
      files: { name: string; bytes: ArrayBuffer; password?: string | undefined }[];
    }
  /** PNG or JPEG bytes, one page each. */
  | { kind: 'images'; images: ArrayBuffer[]; options: ImageJobOptions }
  /** 关键字签章: where the words are (the bytes are a copy: the page keeps its file). */
  | { kind: 'findText'; bytes: ArrayBuffer; query: string; password?: string | undefined }
  /**
   * The file written without its encryption, to be shown by pdf.js: for a file that opens with an
   * empty owner password, which pdf.js never tries (the engine and qpdf do).
   */
  | { kind: 'viewCopy'; bytes: ArrayBuffer };

export type InspectAnswer =
  | ({ ok: true; pages: number } & Partial<InspectTrust>)
  | { ok: false; code: string; message: string };

/** What a file holds that writing must respect (issue 14): see features/pdfsign/trust. */
export interface InspectTrust {
  signatures: number;
  encrypted: boolean;
  canModify: boolean;
  certification: 1 | 2 | 3 | null;
  /** The PDF/A part and conformance it claims ("1B", "2U"), or null (issue 19: 合成 says it is lost). */
  pdfA: string | null;
}

export interface MergeAnswer {
  /** Undefined when no file could be read. */
  bytes: ArrayBuffer | undefined;
  results: MergeResult[];
}

export interface ImagesAnswer {
  bytes: ArrayBuffer;
}

export interface JobAnswers {
  inspect: InspectAnswer;
  merge: MergeAnswer;
  images: ImagesAnswer;
  findText: { hits: TextHit[] };
  viewCopy: { bytes: ArrayBuffer };
}

export type JobRequest = PdfJob & { id: number };

export type JobMessage =
  | { id: number; type: 'progress'; progress: Progress }
  | { id: number; type: 'done'; answer: JobAnswers[keyof JobAnswers] }
  | {
      id: number;
      type: 'failed';
      code: string | undefined;
      message: string;
      /** Which of the job's inputs failed (0-based), when the job had several and we know. */
      index?: number | undefined;
    };

/** The engine functions the worker runs (@yinzhang/pdf in the real worker). */
export interface PdfEngine {
  readPdfInfo(
    bytes: Uint8Array,
    password?: string,
  ): Promise<{
    pages: readonly unknown[];
    signatures: readonly unknown[];
    encryption: unknown;
    canModify: boolean;
    certification: 1 | 2 | 3 | null;
    pdfA: string | null;
  }>;
  mergePdfs(
    files: readonly { bytes: Uint8Array; name: string; password?: string | undefined }[],
    options: { onProgress?: (p: Progress) => void },
  ): Promise<{ bytes: Uint8Array | undefined; results: readonly MergeResult[] }>;
  imagesToPdf(
    images: readonly { bytes: Uint8Array }[],
    options: ImageJobOptions & { onProgress?: (p: Progress) => void },
  ): Promise<Uint8Array>;
  findTextInPdf(
    bytes: Uint8Array,
    query: string,
    options: { password?: string | undefined },
  ): Promise<TextHit[]>;
  /** The file opened without a password and written in full without its encryption. */
  decryptedCopy(bytes: Uint8Array): Promise<Uint8Array>;
}

export type Post = (message: JobMessage, transfer: Transferable[]) => void;

/** An ArrayBuffer holding exactly these bytes (the view's own buffer when it fits). */
export function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer, byteOffset, byteLength } = bytes;
  if (buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength) {
    return buffer;
  }
  return bytes.slice().buffer as ArrayBuffer;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function run(
  job: PdfJob,
  engine: PdfEngine,
  onProgress: (p: Progress) => void,
): Promise<{ answer: JobAnswers[keyof JobAnswers]; transfer: ArrayBuffer[] }> {
  switch (job.kind) {
    case 'inspect': {
      try {
        const info = await engine.readPdfInfo(new Uint8Array(job.bytes), job.password);
        const answer: InspectAnswer = {
          ok: true,
          pages: info.pages.length,
          signatures: info.signatures.length,
          encrypted: info.encryption !== null,
          canModify: info.canModify,
          certification: info.certification,
          pdfA: info.pdfA,
        };
        return { answer, transfer: [] };
      } catch (error) {
        const code = codeOf(error);
        // Only the engine's own refusals are answers; anything else is a failure of the job.
        if (!code) throw error;
        return { answer: { ok: false, code, message: messageOf(error) }, transfer: [] };
      }
    }
    case 'merge': {
      const out = await engine.mergePdfs(
        job.files.map((f) => ({
          name: f.name,
          bytes: new Uint8Array(f.bytes),
          password: f.password,
        })),
        { onProgress },
      );
      const bytes = out.bytes ? exactBuffer(out.bytes) : undefined;
      return { answer: { bytes, results: [...out.results] }, transfer: bytes ? [bytes] : [] };
    }
    case 'images': {
      const images = job.images.map((b) => ({ bytes: new Uint8Array(b) }));
      let out: Uint8Array;
      try {
        out = await engine.imagesToPdf(images, { ...job.options, onProgress });
      } catch (error) {
        throw await withCulprit(error, images, engine, job.options);
      }
      const bytes = exactBuffer(out);
      return { answer: { bytes }, transfer: [bytes] };
    }
    case 'findText': {
      const hits = await engine.findTextInPdf(new Uint8Array(job.bytes), job.query, {
        password: job.password,
      });
      return { answer: { hits }, transfer: [] };
    }
    case 'viewCopy': {
      const bytes = exactBuffer(await engine.decryptedCopy(new Uint8Array(job.bytes)));
      return { answer: { bytes }, transfer: [bytes] };
    }
  }
}

/**
 * The engine says an image is unreadable but not which one in a way a screen can use: try each
 * alone (only after a failure, so the cost falls on the failing job) and note its index, so the
 * user is told the file's name (issue 19).
 */
async function withCulprit(
  error: unknown,
  images: readonly { bytes: Uint8Array }[],
  engine: PdfEngine,
  options: ImageJobOptions,
): Promise<unknown> {
  if (codeOf(error) !== 'BAD_IMAGE' || typeof error !== 'object' || error === null) return error;
  for (const [index, image] of images.entries()) {
    const alone = await engine.imagesToPdf([image], options).then(
      () => true,
      () => false,
    );
    if (!alone) return Object.assign(error, { index });
  }
  return error;
}

function indexOf(error: unknown): number | undefined {
  const index = (error as { index?: unknown } | null)?.index;
  return typeof index === 'number' ? index : undefined;
}

/** Runs one request and posts its progress, then exactly one `done` or `failed`. */
export async function handleRequest(
  request: JobRequest,
  engine: PdfEngine,
  post: Post,
): Promise<void> {
  const { id } = request;
  try {
    const { answer, transfer } = await run(request, engine, (progress) =>
      post({ id, type: 'progress', progress }, []),
    );
    post({ id, type: 'done', answer }, transfer);
  } catch (error) {
    const index = indexOf(error);
    post(
      {
        id,
        type: 'failed',
        code: codeOf(error),
        message: messageOf(error),
        ...(index === undefined ? {} : { index }),
      },
      [],
    );
  }
}

/**
 * Progress as a fraction for a bar: the phase that does the work (copying files, drawing pages)
 * fills most of it, writing the file the rest.
 */
export function progressFraction(progress: Progress): number {
  const WORK_SHARE = 0.9;
  const part = progress.total > 0 ? Math.min(1, Math.max(0, progress.done / progress.total)) : 1;
  return progress.phase === 'write' ? WORK_SHARE + (1 - WORK_SHARE) * part : WORK_SHARE * part;
}
