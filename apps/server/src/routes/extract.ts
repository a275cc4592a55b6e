import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { clarityKey, type ExtractOptions, parseClarityKey } from '@yinzhang/seal/extract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { markId } from '../content';
import type { Repository } from '../db/repository';
import { inPool } from '../extract/answer';
import type { ExtractPool } from '../extract/pool';
import { probeUpload } from '../extract/probe';
import { HttpError, parseBody } from '../http/errors';
import { EXTRACT_LIMITS, SERVER_LIMITS } from '../limits';

/** Multipart fields of POST /v1/stamp/parse. */
export const PARSE_FIELDS = { gray: 'gray', stream: 'stream', file: 'file' } as const;
/** The only value `stream` may have when sent: the answer is the PNG itself. */
export const STREAM_VALUE = '1';
/** Request header naming an uploaded crop. */
export const PID_HEADER = 'pid';
/** pids are 128 random bits in lowercase hex. */
const PID_BYTES = 16;
const PID_PATTERN = /^[0-9a-f]{32}$/;

export interface ExtractedSeal {
  readonly png: Buffer;
  readonly mid: string;
}

/**
 * Recent results by (pid, gray). Only a shortcut for the pixel work: extraction is deterministic,
 * so a hit is what a worker would answer, and the database still decides whether the pid is live.
 */
export type ExtractCache = LRUCache<string, ExtractedSeal>;

export function createExtractCache(): ExtractCache {
  return new LRUCache<string, ExtractedSeal>({
    max: EXTRACT_LIMITS.resultCacheEntries,
    maxSize: EXTRACT_LIMITS.resultCacheBytes,
    sizeCalculation: (seal) => seal.png.length,
  });
}

function cacheKey(pid: string, gray: string): string {
  return `${pid} ${gray}`;
}

export interface ExtractRoutesOptions {
  readonly repo: Repository;
  readonly pool: ExtractPool;
  readonly cache: ExtractCache;
  readonly now: () => number;
}

/** A clarity key (`${mode}-${clarity}-${red}`) to extraction options; 400 when invalid. */
function grayOptions(gray: unknown): ExtractOptions {
  if (typeof gray !== 'string') {
    throw new HttpError(
      400,
      'INVALID_INPUT',
      'gray: a clarity key such as "0-auto-0" or "0-1-0" is required',
    );
  }
  try {
    return parseClarityKey(gray);
  } catch (err) {
    throw new HttpError(400, 'INVALID_INPUT', `gray: ${(err as Error).message}`);
  }
}

const ZGrayBody = z.object({ gray: z.string() });

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

interface ParseForm {
  readonly fields: ReadonlyMap<string, string>;
  readonly file: Buffer | undefined;
}

/** Every part of the form; size limits enforced while reading, malformed bodies answered 400. */
async function readParseForm(request: FastifyRequest): Promise<ParseForm> {
  const fields = new Map<string, string>();
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== PARSE_FIELDS.file) {
          part.file.resume();
          throw new HttpError(
            400,
            'NO_FILE',
            `Unexpected file in the field "${part.fieldname}"; send it in "${PARSE_FIELDS.file}"`,
          );
        }
        file = await part.toBuffer();
      } else {
        if (part.valueTruncated) {
          throw new HttpError(400, 'INVALID_INPUT', `${part.fieldname}: the value is too long`);
        }
        if (fields.has(part.fieldname)) {
          throw new HttpError(400, 'INVALID_INPUT', `${part.fieldname}: sent more than once`);
        }
        fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (err) {
    // The parser's own errors (a broken boundary, a truncated body) carry no status: they are the
    // client's doing. Errors with a status (the size limits, ours) keep it.
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new HttpError(400, 'MALFORMED_MULTIPART', 'The multipart body could not be read', {
      cause: err,
    });
  }
  return { fields, file };
}

function sendSeal(reply: FastifyReply, seal: ExtractedSeal): FastifyReply {
  return reply.header('mid', seal.mid).type('image/png').send(seal.png);
}

/**
 * POST /v1/stamp/parse and POST /v1/stamp/gray (DESIGN §7). The pixel work runs in the extract
 * pool's worker threads; this plugin only checks, stores and answers.
 */
export const extractRoutes: FastifyPluginAsync<ExtractRoutesOptions> = async (app, opts) => {
  const { repo, pool, cache, now } = opts;

  const sealOf = (png: Uint8Array): ExtractedSeal => {
    const bytes = asBuffer(png);
    return { png: bytes, mid: markId(bytes) };
  };
  const markOf = (seal: ExtractedSeal) =>
    ({ mid: seal.mid, kind: 'extract', bytes: seal.png.length }) as const;

  // Multipart is registered in this child only, so /stamp/gray keeps answering 415 to it.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: SERVER_LIMITS.imageMaxBytes,
        files: 1,
        fields: SERVER_LIMITS.multipartFieldsMax,
        fieldSize: EXTRACT_LIMITS.fieldMaxBytes,
        parts: SERVER_LIMITS.multipartFieldsMax + 1,
      },
    });

    upload.post('/stamp/parse', async (request, reply) => {
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `Send multipart/form-data with "${PARSE_FIELDS.gray}" and the image in "${PARSE_FIELDS.file}"`,
        );
      }
      const { fields, file } = await readParseForm(request);
      const options = grayOptions(fields.get(PARSE_FIELDS.gray));
      const stream = fields.get(PARSE_FIELDS.stream);
      if (stream !== undefined && stream !== STREAM_VALUE) {
        throw new HttpError(400, 'INVALID_INPUT', `stream: must be "${STREAM_VALUE}" when sent`);
      }
      if (file === undefined) {
        throw new HttpError(400, 'NO_FILE', `No file in the field "${PARSE_FIELDS.file}"`);
      }
      const header = await probeUpload(file);

      // The upload moves to the worker (not copied); only the worker's answer is used from here.
      const result = await inPool(() => pool.parse(file, header, options, { handOver: true }));
      const pid = randomBytes(PID_BYTES).toString('hex');
      const createdAt = now();
      const seal = sealOf(result.png);
      await repo.saveParseSession(
        {
          pid,
          image: result.crop,
          width: result.width,
          height: result.height,
          createdAt,
          expiresAt: createdAt + EXTRACT_LIMITS.sessionTtlMs,
        },
        markOf(seal),
      );
      cache.set(cacheKey(pid, clarityKey(options.mode, options.clarity, options.red)), seal);
      return sendSeal(reply.header(PID_HEADER, pid), seal);
    });
  });

  app.post('/stamp/gray', async (request, reply) => {
    const { gray } = parseBody(ZGrayBody, request.body);
    const options = grayOptions(gray);
    const pid = request.headers[PID_HEADER];
    if (typeof pid !== 'string' || pid.trim() === '') {
      throw new HttpError(400, 'MISSING_PID', `The "${PID_HEADER}" header is required`);
    }
    const gone = () =>
      new HttpError(
        419,
        'SESSION_EXPIRED',
        'The uploaded image is gone (unknown or expired pid); upload it again',
      );
    if (!PID_PATTERN.test(pid)) throw gone();
    const hit = cache.get(cacheKey(pid, gray));
    if (hit !== undefined) {
      // The database, not the cache, says whether the pid is still live (a cheap indexed read).
      if (!(await repo.isParseSessionLive(pid))) throw gone();
      await repo.recordMark(markOf(hit));
      return sendSeal(reply, hit);
    }
    const session = await repo.getParseSession(pid);
    if (session === undefined) throw gone();
    const result = await inPool(() => pool.gray(session.image, options));
    const seal = sealOf(result.png);
    await repo.recordMark(markOf(seal));
    cache.set(cacheKey(pid, gray), seal);
    return sendSeal(reply, seal);
  });
};
