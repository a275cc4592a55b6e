/**
 * The PDF签章 export as a job over an injected engine (so it is tested without a worker): runs the
 * plan's passes in order, each on the previous output, and reports one overall fraction.
 */
import type { PageSelection } from '@yinzhang/pdf';
import type { EnginePlacement, ExportPass } from './exportPlan';

export interface SignRequest {
  bytes: ArrayBuffer;
  password?: string | undefined;
  /** 移除密码: the output has no password (otherwise it keeps the input's encryption). */
  decrypt?: boolean | undefined;
  /** The user confirmed stamping although the file's permissions forbid changes. */
  ignoreRestrictions?: boolean | undefined;
  images: Record<string, ArrayBuffer>;
  passes: ExportPass[];
}

/**
 * What the page sends the worker: the picked file itself (a Blob is passed by reference, so the
 * page never reads or copies a large PDF); the worker reads it.
 */
export type SignWorkerRequest = Omit<SignRequest, 'bytes'> & { file: Blob };

/** The worker's answers; the signed PDF comes back as a Blob made in the worker. */
export type SignMessage =
  | { type: 'progress'; fraction: number }
  /** Something the user should be told about the written file (packages/pdf PdfNotice). */
  | { type: 'notice'; code: string; signatures?: readonly string[] | undefined }
  | { type: 'done'; blob: Blob }
  | { type: 'failed'; code: string | undefined; message: string };

interface EngineProgress {
  phase: string;
  done: number;
  total: number;
}

interface EngineNotice {
  code: string;
  signatures?: readonly string[] | undefined;
}

/** ExistingPdfWriteOptions of packages/pdf, as the worker passes them. */
interface WriteOptions {
  password?: string | undefined;
  decrypt?: boolean | undefined;
  ignoreRestrictions?: boolean | undefined;
  onNotice?: ((notice: EngineNotice) => void) | undefined;
}

/** The engine functions used (@yinzhang/pdf's `stampPdf` and `pagingSeal` in the worker). */
export interface SignEngine {
  stampPdf(
    bytes: Uint8Array,
    options: {
      images: Record<string, Uint8Array>;
      placements: EnginePlacement[];
      every?: { placement: EnginePlacement; pages: PageSelection };
      pageGap?: number;
      onProgress?: (p: EngineProgress) => void;
    } & WriteOptions,
  ): Promise<Uint8Array>;
  pagingSeal(
    bytes: Uint8Array,
    options: {
      image: Uint8Array;
      edge: 'left' | 'right';
      y: number;
      widthMm: number;
      onProgress?: (p: EngineProgress) => void;
    } & WriteOptions,
  ): Promise<Uint8Array>;
}

export async function runSignJob(
  request: SignRequest,
  engine: SignEngine,
  onProgress: (fraction: number) => void,
  onNotice: (notice: EngineNotice) => void = () => {},
): Promise<Uint8Array> {
  const images: Record<string, Uint8Array> = {};
  for (const [id, buffer] of Object.entries(request.images)) images[id] = new Uint8Array(buffer);
  let bytes: Uint8Array = new Uint8Array(request.bytes);
  // Each pass appends to the previous one's output, which keeps the input's encryption: every
  // pass opens it with the same password. 移除密码 writes the first pass without one.
  const options: WriteOptions = {
    password: request.password,
    decrypt: request.decrypt,
    ignoreRestrictions: request.ignoreRestrictions,
    onNotice,
  };
  const n = request.passes.length;
  for (const [i, pass] of request.passes.entries()) {
    const progress = (p: EngineProgress) => {
      const part =
        p.phase === 'draw' && p.total > 0 ? p.done / p.total : p.phase === 'write' ? 1 : 0;
      onProgress((i + Math.min(1, part)) / n);
    };
    if (pass.kind === 'stamp') {
      bytes = await engine.stampPdf(bytes, {
        images,
        placements: pass.placements,
        pageGap: pass.pageGap,
        ...options,
        onProgress: progress,
      });
    } else if (pass.kind === 'every') {
      bytes = await engine.stampPdf(bytes, {
        images,
        placements: [],
        every: { placement: pass.placement, pages: pass.pages },
        ...options,
        onProgress: progress,
      });
    } else {
      const image = images[pass.image];
      if (!image) throw new Error(`no image ${pass.image}`);
      bytes = await engine.pagingSeal(bytes, {
        image,
        edge: pass.edge,
        y: pass.y,
        widthMm: pass.widthMm,
        ...options,
        onProgress: progress,
      });
    }
    // After 移除密码 the output has no password: later passes need none and remove nothing.
    if (options.decrypt) {
      options.password = undefined;
      options.decrypt = false;
    }
  }
  onProgress(1);
  return bytes;
}
