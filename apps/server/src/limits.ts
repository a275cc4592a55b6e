import { LIMITS } from '@yinzhang/seal';

/**
 * Server-side limits. The user-facing rules (name length, image size) live in LIMITS from
 * @yinzhang/seal so the browser and the server agree; these are the server's own.
 */
export const SERVER_LIMITS = {
  /** Largest JSON body any /v1 route accepts; the biggest real one is a seal spec. */
  jsonBodyMaxBytes: 16 * 1024,
  /** Uploaded image size (POST /v1/file/mark). */
  imageMaxBytes: LIMITS.imageMaxBytes,
  /** Non-file fields a multipart upload may carry alongside its file. */
  multipartFieldsMax: 8,
  /** Recent seal renders kept in memory, by count and by total PNG bytes. */
  sealCacheEntries: 500,
  /** Most marks (hit counters) committed in one SQLite transaction (db/group-commit.ts). */
  markBatchMax: 256,
  /**
   * Most stored crops committed in one SQLite transaction. Each is at most
   * EXTRACT_LIMITS.storedUploadMaxBytes, and the extract pool bounds how many arrive at once.
   */
  sessionBatchMax: 32,
  sealCacheBytes: 64 * 1024 * 1024,
  /**
   * A whole request (headers and body) must arrive within this: a 5 MB upload at a slow phone's
   * 50 KB/s fits, a client trickling bytes to hold a connection (slowloris) is cut off with 408.
   */
  requestTimeoutMs: 120_000,
  /** A socket with nothing sent or received for this long is closed (it covers the longest job). */
  connectionTimeoutMs: 60_000,
  /** How long SQLite waits for a lock held by another connection before failing. */
  dbBusyTimeoutMs: 3_000,
  /**
   * The longest any request waits on storage, measured by the server (taking a connection and
   * the query together, PostgreSQL and SQLite alike); then 503 STORAGE_UNAVAILABLE, Retry-After.
   */
  storageTimeoutMs: 5_000,
  /** GET /readyz gives the database this long to answer `SELECT 1`. */
  readyTimeoutMs: 2_000,
} as const;

/** Seal drawing (POST /v1/stamp/create) in its own worker pool (seal/pool.ts). */
export const SEAL_LIMITS = {
  /** Worker threads drawing seals: min(available parallelism, this). */
  workersMax: 2,
  /**
   * Draws waiting for a worker; one more is answered 503 with Retry-After. A waiting draw holds
   * only its spec (a few hundred bytes); a running one a 1 MB canvas. At ~4 ms a draw per core,
   * 256 waiting is about half a second of work on two cores.
   */
  queueMax: 256,
  /** A draw not answered this long after it was submitted (waiting included) is answered 503. */
  jobTimeoutMs: 10_000,
  /** V8 heap ceiling of each seal worker (MB): a spec, a layout and the font tables. */
  workerHeapMaxMb: 64,
  /** Retry-After (seconds) with a 503 from a full queue. */
  retryAfterS: 1,
} as const;

/** Seal extraction from a photo (POST /v1/stamp/parse and /v1/stamp/gray). */
export const EXTRACT_LIMITS = {
  /**
   * Largest image (width x height, as its header declares) decoded at all. Checked from the header
   * before any pixel is decoded, and again by sharp's own limit while decoding: a 40000x40000 PNG
   * of a few MB is refused in milliseconds. 40 MP covers any phone photo worth cropping.
   */
  imageMaxPixels: 40_000_000,
  /**
   * Largest image by its decoded size (width x height x bytes per pixel as the header declares,
   * 16-bit samples counting 2 bytes), checked before anything is inflated. The pixel limit alone
   * let a 6300x6300 16-bit RGBA PNG of 300 KB inflate to 317 MB. 128 MiB covers a 40 MP RGB
   * photo; with the pool's slots it bounds what decoding can hold at once.
   */
  decodeMaxBytes: 128 * 1024 * 1024,
  /** V8 heap ceiling of each pool worker (MB); pixel buffers live outside it, bounded above. */
  workerHeapMaxMb: 96,
  /** Longest side of the crop kept and extracted: larger uploads are scaled down to fit. */
  cropMaxSide: 512,
  /**
   * An upload that needs no scaling is kept under its pid as it came (re-normalised for each new
   * clarity key) when it is at most this many bytes: a 512x512 crop's size as raw RGB, so a pid
   * never holds more than the encoded crop it replaces could. Larger ones keep the encoded crop.
   */
  storedUploadMaxBytes: 512 * 512 * 3,
  /** Bytes of a non-file multipart field (gray, stream); more is a 400. */
  fieldMaxBytes: 256,
  /** How long an uploaded crop (its pid) stays usable. */
  sessionTtlMs: 60 * 60 * 1000,
  /** How often expired crops are deleted from the database. */
  sessionSweepIntervalMs: 10 * 60 * 1000,
  /**
   * Worker threads doing all decoding work (the pool's slots): min(available parallelism, this).
   * Fixed whatever the core count, so decoding holds at most workersMax x decodeMaxBytes.
   */
  workersMax: 2,
  /** Jobs waiting for a slot; one more is answered 503 with Retry-After. */
  queueMax: 32,
  /**
   * A job not answered this long after it was submitted (waiting included) is abandoned, its
   * worker terminated if it had started, and answered 503.
   */
  jobTimeoutMs: 20_000,
  /** Retry-After (seconds) sent with a 503 from a full queue or a timed-out job. */
  retryAfterS: 2,
  /** Recent results kept in memory by (pid, gray), by count and by total PNG bytes. */
  resultCacheEntries: 300,
  resultCacheBytes: 32 * 1024 * 1024,
} as const;

/** Hex characters of the sha256 kept as a mark id. */
export const MID_HEX_LENGTH = 32;
