import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isPng, markId } from '../content';
import type { Repository } from '../db/repository';
import { inPool } from '../extract/answer';
import type { ExtractPool } from '../extract/pool';
import { assertWithinBudget } from '../extract/probe';
import { HttpError } from '../http/errors';
import { SERVER_LIMITS } from '../limits';
import { PngDecodeError, pngHeader } from '../png-check';

export interface FileRoutesOptions {
  readonly repo: Repository;
  /** The decoding pool: the PNG check inflates, so it takes a slot like every decode. */
  readonly pool: ExtractPool;
}

/** The multipart field that carries the image. */
export const FILE_FIELD = 'file';

/**
 * The uploaded file's bytes; limits enforced while reading, malformed bodies answered 400. Every
 * part is read, so a second file (or the file in another field) is refused rather than ignored.
 */
async function readFileField(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        throw new HttpError(400, 'NO_FILE', `No file in the field "${FILE_FIELD}"`);
      }
      if (file !== undefined) {
        part.file.resume();
        throw new HttpError(400, 'TOO_MANY_FILES', 'Send one file per request');
      }
      file = await part.toBuffer();
    }
  } catch (err) {
    // The parser's own errors (a broken boundary, a truncated body) carry no status: they are the
    // client's doing. Errors with a status (the size limits, ours) keep it.
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new HttpError(400, 'MALFORMED_MULTIPART', 'The multipart body could not be read', {
      cause: err,
    });
  }
  if (file === undefined)
    throw new HttpError(400, 'NO_FILE', `No file in the field "${FILE_FIELD}"`);
  return file;
}

/**
 * A mark is recorded only for a PNG that decodes, so a cut-off or corrupt file gets no mid.
 * DESIGN §7 lists 400, 413 and 415 for this route: a PNG that does not decode is "not a (usable)
 * PNG", 415 UNDECODABLE_PNG; a header claiming more pixels or more decoded bytes than we decode
 * is 413, decided from IHDR before anything is inflated. The check then inflates the image data
 * as a stream within that budget, without building pixels, in a slot of the decoding pool (a
 * tenth of a millisecond for a seal; a full decode through sharp took about 50 ms).
 */
async function checkPng(bytes: Buffer, pool: ExtractPool): Promise<void> {
  if (!isPng(bytes)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The file is not a PNG image');
  }
  let header: ReturnType<typeof pngHeader>;
  try {
    header = pngHeader(bytes);
  } catch (err) {
    if (!(err instanceof PngDecodeError)) throw err;
    throw new HttpError(415, 'UNDECODABLE_PNG', `The PNG image could not be read: ${err.message}`, {
      cause: err,
    });
  }
  assertWithinBudget(header.width, header.height, header.bytesPerPixel);
  await inPool(() => pool.checkPng(bytes));
}

/**
 * Multipart is registered here only: its body parser stays inside this plugin, so the JSON
 * routes answer 415 to multipart bodies instead of parsing them.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, { repo, pool }) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: SERVER_LIMITS.imageMaxBytes,
      // A second file is refused with 400 TOO_MANY_FILES (the plugin's files limit, mapped).
      files: 1,
      fields: SERVER_LIMITS.multipartFieldsMax,
      parts: SERVER_LIMITS.multipartFieldsMax + 1,
    },
  });

  app.post('/file/mark', async (request, reply) => {
    if (!request.isMultipart()) {
      throw new HttpError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Send multipart/form-data with the PNG in the field "${FILE_FIELD}"`,
      );
    }
    const bytes = await readFileField(request);
    await checkPng(bytes, pool);
    const mid = markId(bytes);
    await repo.recordMark({ mid, kind: 'local', bytes: bytes.length });
    return reply.header('mid', mid).send({ mid });
  });
};
