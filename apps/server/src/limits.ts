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
  sealCacheBytes: 64 * 1024 * 1024,
  /**
   * A whole request (headers and body) must arrive within this: a 5 MB upload at a slow phone's
   * 50 KB/s fits, a client trickling bytes to hold a connection (slowloris) is cut off with 408.
   */
  requestTimeoutMs: 120_000,
  /** A socket with nothing sent or received for this long is closed (it covers the longest job). */
  connectionTimeoutMs: 60_000,
  /** How long SQLite waits for a lock held by another connection before failing. */
  dbBusyTimeoutMs: 5_000,
} as const;

/** Seal extraction from a photo (POST /v1/stamp/parse and /v1/stamp/gray). */
export const EXTRACT_LIMITS = {
  /**
   * Largest image (width x height, as its header declares) decoded at all. Checked from the header
   * before any pixel is decoded, and again by sharp's own limit while decoding: a 40000x40000 PNG
   * of a few MB is refused in milliseconds. 40 MP covers any phone photo worth cropping.
   */
  imageMaxPixels: 40_000_000,
  /** Longest side of the crop kept and extracted: larger uploads are scaled down to fit. */
  cropMaxSide: 512,
  /** Bytes of a non-file multipart field (gray, stream); more is a 400. */
  fieldMaxBytes: 256,
  /** How long an uploaded crop (its pid) stays usable. */
  sessionTtlMs: 60 * 60 * 1000,
  /** How often expired crops are deleted from the database. */
  sessionSweepIntervalMs: 10 * 60 * 1000,
  /** Worker threads doing pixel work: min(available parallelism, this). */
  workersMax: 4,
  /** Jobs waiting for a worker; one more is answered 503 with Retry-After. */
  queueMax: 32,
  /** A job running longer than this is abandoned (its worker terminated) and answered 503. */
  jobTimeoutMs: 20_000,
  /** Retry-After (seconds) sent with a 503 from a full queue or a timed-out job. */
  retryAfterS: 2,
  /** Recent results kept in memory by (pid, gray), by count and by total PNG bytes. */
  resultCacheEntries: 300,
  resultCacheBytes: 32 * 1024 * 1024,
} as const;

/** Hex characters of the sha256 kept as a mark id. */
export const MID_HEX_LENGTH = 32;
