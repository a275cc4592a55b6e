/**
 * The PDF签章 export as a job over an injected engine (so it is tested without a worker): writes all
 * of the plan's passes (stamps, batch stamps, the paging seal) as ONE incremental update, and
 * reports one overall fraction. With 数字签名 a last step signs the result: the placements went in
 * first, as one revision, so the signature covers them all and the file has just two new revisions.
 */
import type { PageSelection } from '@yinzhang/pdf';
import type { EnginePlacement, ExportPass } from './exportPlan';

/** Which key signs: a .p12 read in the worker, or the CryptoKey kept in IndexedDB (structured-cloned). */
export type SignatureKey<P12 = ArrayBuffer> =
  | { kind: 'p12'; p12: P12; password: string }
  | { kind: 'cryptoKey'; privateKey: CryptoKey; chain: Uint8Array[] };

/** The digital signature made after the placements: its key, its visible seal, its timestamp. */
export interface SignatureStep<P12 = ArrayBuffer> {
  key: SignatureKey<P12>;
  /** The placed seal that is the signature's appearance (its image is in `images`). */
  appearance: EnginePlacement;
  /** Our server's RFC 3161 relay (POST /v1/tsa); absent: no timestamp. */
  timestampUrl?: string | undefined;
}

export interface SignRequest {
  bytes: ArrayBuffer;
  password?: string | undefined;
  /** 移除密码: the output has no password (otherwise it keeps the input's encryption). */
  decrypt?: boolean | undefined;
  /** The user confirmed stamping although the file's permissions forbid changes. */
  ignoreRestrictions?: boolean | undefined;
  images: Record<string, ArrayBuffer>;
  passes: ExportPass[];
  signature?: SignatureStep | undefined;
  /**
   * The document already opened by the worker (with these write options) while the user was
   * placing stamps: the placements then skip the opening, most of a large file's time.
   */
  opened?: Promise<unknown> | undefined;
}

/**
 * What the page sends the worker: the picked file itself (a Blob is passed by reference, so the
 * page never reads or copies a large PDF); the worker reads it, and a picked .p12 likewise.
 */
export type SignWorkerRequest = Omit<SignRequest, 'bytes' | 'signature' | 'opened'> & {
  file: Blob;
  signature?: SignatureStep<Blob> | undefined;
};

/** The write options that decide how a document opens for an update (see `openKey`). */
export interface OpenOptions {
  password?: string | undefined;
  decrypt?: boolean | undefined;
  ignoreRestrictions?: boolean | undefined;
}

/**
 * What the page sends the worker: `warm` runs the engine on a small document with the stamp
 * images the user may place (its code compiled, those images encoded); `prepare` opens the
 * picked file ahead (the user is still placing stamps); `export` is the job, which uses that
 * opening when its options are the same.
 */
export type SignWorkerMessage =
  | { type: 'warm'; images: Record<string, ArrayBuffer> }
  | { type: 'prepare'; file: Blob; options: OpenOptions }
  | { type: 'export'; request: SignWorkerRequest };

/** Two option sets that open a document the same way have the same key. */
export function openKey(o: OpenOptions): string {
  return JSON.stringify([o.password ?? null, o.decrypt === true, o.ignoreRestrictions === true]);
}

/** The worker's answers; the signed PDF comes back as a Blob made in the worker. */
export type SignMessage =
  | { type: 'progress'; fraction: number }
  /** Something the user should be told about the written file (packages/pdf PdfNotice). */
  | { type: 'notice'; code: string; signatures?: readonly string[] | undefined }
  | { type: 'done'; blob: Blob; warnings: string[] }
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

/** A key as the signing kernel takes it (@yinzhang/pdf `SigningKey`). */
export interface EngineSigningKey {
  readonly chain: readonly Uint8Array[];
  readonly keyType: 'RSA' | 'EC';
  sign(data: Uint8Array): Promise<Uint8Array>;
}

/** The engine functions used (@yinzhang/pdf's `placeAll` and signing in the worker). */
export interface SignEngine {
  /**
   * Every placement (stamps, batch stamps, the paging seal) in one incremental update; on
   * `opened` (the same bytes opened ahead with the same options) when given.
   */
  placeAll(
    bytes: Uint8Array,
    options: {
      images: Record<string, Uint8Array>;
      placements: EnginePlacement[];
      every: { placement: EnginePlacement; pages: PageSelection }[];
      pageGap?: number;
      paging?: { image: string; edge: 'left' | 'right'; y: number; widthMm: number };
      onProgress?: (p: EngineProgress) => void;
    } & WriteOptions,
    opened?: Promise<unknown>,
  ): Promise<Uint8Array>;
  readP12(
    bytes: Uint8Array,
    password: string,
  ): Promise<{ key: EngineSigningKey; warnings: string[] }>;
  signingKeyFromCryptoKey(privateKey: CryptoKey, chain: Uint8Array[]): EngineSigningKey;
  signPdf(
    bytes: Uint8Array,
    options: {
      key: EngineSigningKey;
      appearance: { image: Uint8Array; placement: EnginePlacement } | null;
      password?: string | undefined;
      timestamp?: ((request: Uint8Array) => Promise<Uint8Array>) | undefined;
      onWarning?: (message: string) => void;
    },
  ): Promise<Uint8Array>;
  /** POSTs an RFC 3161 request to `url` and returns the response (fetch in the worker). */
  postTimestamp(url: string, request: Uint8Array): Promise<Uint8Array>;
}

export async function runSignJob(
  request: SignRequest,
  engine: SignEngine,
  onProgress: (fraction: number) => void,
  onNotice: (notice: EngineNotice) => void = () => {},
  onWarning: (message: string) => void = () => {},
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
  const { signature } = request;
  // The key is read first: a wrong .p12 password fails at once, before minutes of stamping.
  const key = signature ? await signingKey(signature.key, engine, onWarning) : null;
  const n = (request.passes.length > 0 ? 1 : 0) + (signature ? 1 : 0);
  if (request.passes.length > 0) {
    bytes = await engine.placeAll(
      bytes,
      {
        images,
        ...placementsOf(request.passes),
        ...options,
        onProgress: (p) => {
          const part =
            p.phase === 'draw' && p.total > 0 ? p.done / p.total : p.phase === 'write' ? 1 : 0;
          onProgress(Math.min(1, part) / n);
        },
      },
      request.opened,
    );
    // After 移除密码 the output has no password: the signature needs none and removes nothing.
    if (options.decrypt) {
      options.password = undefined;
      options.decrypt = false;
    }
  }
  if (signature && key) {
    const image = images[signature.appearance.image];
    if (!image) throw new Error(`no image ${signature.appearance.image}`);
    const url = signature.timestampUrl;
    bytes = await engine.signPdf(bytes, {
      key,
      appearance: { image, placement: signature.appearance },
      // The incremental engine keeps an encrypted file encrypted: the signature needs its password
      // (none after 移除密码).
      password: options.password,
      timestamp: url ? (req) => engine.postTimestamp(url, req) : undefined,
      onWarning,
    });
  }
  onProgress(1);
  return bytes;
}

/** The plan's passes as one placeAll request: all of them go in as one revision. */
function placementsOf(passes: readonly ExportPass[]) {
  const placements: EnginePlacement[] = [];
  const every: { placement: EnginePlacement; pages: PageSelection }[] = [];
  let pageGap: number | undefined;
  let paging: { image: string; edge: 'left' | 'right'; y: number; widthMm: number } | undefined;
  for (const pass of passes) {
    if (pass.kind === 'stamp') {
      placements.push(...pass.placements);
      pageGap = pass.pageGap;
    } else if (pass.kind === 'every') every.push({ placement: pass.placement, pages: pass.pages });
    else paging = { image: pass.image, edge: pass.edge, y: pass.y, widthMm: pass.widthMm };
  }
  return { placements, every, pageGap, paging };
}

async function signingKey(
  key: SignatureKey,
  engine: SignEngine,
  onWarning: (message: string) => void,
): Promise<EngineSigningKey> {
  if (key.kind === 'cryptoKey') return engine.signingKeyFromCryptoKey(key.privateKey, key.chain);
  const read = await engine.readP12(new Uint8Array(key.p12), key.password);
  for (const warning of read.warnings) onWarning(warning);
  return read.key;
}
