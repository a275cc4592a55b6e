/**
 * Node's native zlib in place of the JavaScript inflaters and deflaters the engine's libraries
 * bring (fflate: PNG decoding and our image embedding; pako: @libpdf/core's FlateDecode), for the
 * command line's bundle only (scripts/build.mjs swaps the imports; the web app keeps the
 * libraries as they are). In a cold process native zlib is many times faster: stamping 1000 pages
 * inflates 1000 content streams, and embedding a 512 x 512 seal inflates and deflates 1 MB.
 *
 * Same results: a stream Node decodes completely is decoded to the same bytes by any inflater,
 * and what Node refuses (damaged, truncated, sync-flush-terminated data) goes to the library's own
 * function, so damaged files behave exactly as without this. Compression gives valid zlib data at
 * the same level; the bytes may differ, the content does not. Calls with options the native path
 * does not mirror (dictionaries, raw streams) go to the library untouched; an output buffer gets
 * what Node inflated when it fits.
 */
import { deflateSync, inflateSync } from 'node:zlib';

type Bytes = Uint8Array;
type StreamHandler = (data: Bytes, final: boolean) => void;

const view = (b: Buffer): Bytes => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

/** zlib's own output chunk, and the least this asks for. */
const MAX_CHUNK = 16 * 1024;
const MIN_CHUNK = 1024;

/**
 * An output chunk for `data`: eight times its size (content deflates 3-10x; more output only
 * takes more chunks), between 1 and 16 KB. Node allocates a whole chunk for every call, and at
 * its default 16 KB allocating was a fifth of inflating a page's few hundred bytes of content
 * (a merge checks 1000 of them).
 */
function chunkFor(data: Bytes): number {
  let size = MIN_CHUNK;
  while (size < MAX_CHUNK && size < data.length * 8) size *= 2;
  return size;
}

/** Inflates a whole zlib stream natively; undefined when Node refuses it. */
function nativeInflate(data: Bytes): Bytes | undefined {
  try {
    return view(inflateSync(data, { chunkSize: chunkFor(data) }));
  } catch {
    return undefined;
  }
}

const nativeDeflate = (data: Bytes, level = 6): Bytes => view(deflateSync(data, { level }));

/**
 * Node's zlib as @yinzhang/pdf's byte-level merge takes it (its `Zlib`: inflate throws on data
 * it cannot inflate completely), with no fflate behind it: the merge's chunk then loads no
 * fflate at all (its tables cost ~8 ms at every start), and data Node refuses sends the merge to
 * the engine, which decides as it always did.
 */
export const nodeZlib = {
  inflate: (data: Bytes): Bytes => view(inflateSync(data, { chunkSize: chunkFor(data) })),
  deflate: (data: Bytes): Bytes => nativeDeflate(data),
};

/** The parts of fflate swapped (its other exports stay as they are). */
export interface FflateLike {
  zlibSync(data: Bytes, opts?: { level?: number; mem?: number; dictionary?: Bytes }): Bytes;
  unzlibSync(data: Bytes, opts?: { out?: Bytes; dictionary?: Bytes }): Bytes;
  Unzlib: new (...args: never[]) => { push(chunk: Bytes, final?: boolean): void };
}

/** fflate's zlibSync, unzlibSync and streaming Unzlib, native first. */
export function nativeFflate(real: FflateLike) {
  const RealUnzlib = real.Unzlib as unknown as new (
    opts?: object,
    cb?: StreamHandler,
  ) => { push(chunk: Bytes, final?: boolean): void };

  /**
   * Collects the pushed chunks and inflates them at the last one (fast-png pushes a PNG's IDAT
   * chunks and reads the result at the end). Data Node refuses goes through fflate's own stream.
   */
  class Unzlib {
    ondata: StreamHandler | undefined;
    private readonly opts: object | undefined;
    private chunks: Bytes[] = [];

    constructor(opts?: object | StreamHandler, cb?: StreamHandler) {
      if (typeof opts === 'function') this.ondata = opts as StreamHandler;
      else {
        this.opts = opts;
        this.ondata = cb;
      }
    }

    push(chunk: Bytes, final = false): void {
      this.chunks.push(chunk.slice());
      if (!final) return;
      const data = concat(this.chunks);
      this.chunks = [];
      const handler: StreamHandler = (d, f) => this.ondata?.(d, f);
      const out = this.opts && Object.keys(this.opts).length > 0 ? undefined : nativeInflate(data);
      if (out) handler(out, true);
      else new RealUnzlib(this.opts ?? {}, handler).push(data, true);
    }
  }

  return {
    zlibSync(data: Bytes, opts?: Parameters<FflateLike['zlibSync']>[1]): Bytes {
      if (opts?.dictionary || opts?.mem !== undefined) return real.zlibSync(data, opts);
      return nativeDeflate(data, opts?.level ?? 6);
    },
    unzlibSync(data: Bytes, opts?: Parameters<FflateLike['unzlibSync']>[1]): Bytes {
      if (opts?.dictionary) return real.unzlibSync(data, opts);
      const out = opts?.out;
      const inflated = nativeInflate(data);
      if (!out) return inflated ?? real.unzlibSync(data, opts);
      // Into the caller's buffer, as fflate does (the engine sizes one for page content); output
      // that does not fit goes to fflate, which fills the buffer as far as it goes.
      if (!inflated) return real.unzlibSync(data, opts);
      // Longer than the caller's buffer: the whole output, in a buffer of its own (the caller
      // tells it from its own buffer cut short); fflate would inflate it again only to stop there.
      if (inflated.length > out.length) return inflated;
      out.set(inflated);
      return out.subarray(0, inflated.length);
    },
    Unzlib,
  };
}

/** The parts of pako 2 swapped. */
export interface PakoLike {
  inflate(data: Bytes, options?: object): Bytes | undefined;
  deflate(data: Bytes, options?: object): Bytes;
}

/** pako's inflate and deflate, native first. */
export function nativePako(real: PakoLike): PakoLike {
  const plain = (options?: object) => options === undefined || Object.keys(options).length === 0;
  return {
    inflate(data, options) {
      if (!plain(options)) return real.inflate(data, options);
      return nativeInflate(data) ?? real.inflate(data, options);
    },
    deflate(data, options) {
      if (!plain(options)) return real.deflate(data, options);
      return nativeDeflate(data);
    },
  };
}

function concat(chunks: readonly Bytes[]): Bytes {
  if (chunks.length === 1) return chunks[0] as Bytes;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
