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
  /** How long SQLite waits for a lock held by another connection before failing. */
  dbBusyTimeoutMs: 5_000,
} as const;

/** Hex characters of the sha256 kept as a mark id. */
export const MID_HEX_LENGTH = 32;
