/**
 * The PDF签章 export as a job over an injected engine (so it is tested without a worker): runs the
 * plan's passes in order, each on the previous output, and reports one overall fraction.
 */
import type { PageSelection } from '@yinzhang/pdf';
import type { EnginePlacement, ExportPass } from './exportPlan';

export interface SignRequest {
  bytes: ArrayBuffer;
  password?: string | undefined;
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
  | { type: 'done'; blob: Blob }
  | { type: 'failed'; code: string | undefined; message: string };

interface EngineProgress {
  phase: string;
  done: number;
  total: number;
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
      password?: string | undefined;
      onProgress?: (p: EngineProgress) => void;
    },
  ): Promise<Uint8Array>;
  pagingSeal(
    bytes: Uint8Array,
    options: {
      image: Uint8Array;
      edge: 'left' | 'right';
      y: number;
      widthMm: number;
      password?: string | undefined;
      onProgress?: (p: EngineProgress) => void;
    },
  ): Promise<Uint8Array>;
}

export async function runSignJob(
  request: SignRequest,
  engine: SignEngine,
  onProgress: (fraction: number) => void,
): Promise<Uint8Array> {
  const images: Record<string, Uint8Array> = {};
  for (const [id, buffer] of Object.entries(request.images)) images[id] = new Uint8Array(buffer);
  let bytes: Uint8Array = new Uint8Array(request.bytes);
  let password = request.password;
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
        password,
        onProgress: progress,
      });
    } else if (pass.kind === 'every') {
      bytes = await engine.stampPdf(bytes, {
        images,
        placements: [],
        every: { placement: pass.placement, pages: pass.pages },
        password,
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
        password,
        onProgress: progress,
      });
    }
    // The engine writes decrypted files: later passes need no password.
    password = undefined;
  }
  onProgress(1);
  return bytes;
}
