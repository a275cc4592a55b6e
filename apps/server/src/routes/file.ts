import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isPng, markId } from '../content';
import type { Repository } from '../db/repository';
import { HttpError } from '../http/errors';
import { EXTRACT_LIMITS, SERVER_LIMITS } from '../limits';
import { assertPngDecodes, PngDecodeError, pngHeader } from '../png-check';

export interface FileRoutesOptions {
  readonly repo: Repository;
}

/** The multipart field that carries the image. */
export const FILE_FIELD = 'file';

/** The uploaded file's bytes; limits enforced while reading, malformed bodies answered 400. */
async function readFileField(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file();
    if (part === undefined || part.fieldname !== FILE_FIELD) {
      part?.file.resume();
      throw new HttpError(400, 'NO_FILE', `No file in the field "${FILE_FIELD}"`);
    }
    return await part.toBuffer();
  } catch (err) {
    // The parser's own errors (a broken boundary, a truncated body) carry no status: they are the
    // client's doing. Errors with a status (the size limits, ours) keep it.
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw new HttpError(400, 'MALFORMED_MULTIPART', 'The multipart body could not be read', {
      cause: err,
    });
  }
}

/**
 * A mark is recorded only for a PNG that decodes, so a cut-off or corrupt file gets no mid.
 * DESIGN §7 lists 400, 413 and 415 for this route: a PNG that does not decode is "not a (usable)
 * PNG", 415 UNDECODABLE_PNG; a header claiming more pixels than we decode is 413
 * IMAGE_TOO_MANY_PIXELS, decided from IHDR before anything is inflated. The check inflates the
 * image data once, without building pixels (a tenth of a millisecond for a seal, where a full
 * decode through sharp took about 50 ms and queued behind extraction under load).
 */
async function checkPng(bytes: Buffer): Promise<void> {
  if (!isPng(bytes)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The file is not a PNG image');
  }
  try {
    const { width, height } = pngHeader(bytes);
    if (width * height > EXTRACT_LIMITS.imageMaxPixels) {
      throw new HttpError(
        413,
        'IMAGE_TOO_MANY_PIXELS',
        `The image is ${width}x${height}; at most ${EXTRACT_LIMITS.imageMaxPixels} pixels are accepted`,
      );
    }
    await assertPngDecodes(bytes);
  } catch (err) {
    if (!(err instanceof PngDecodeError)) throw err;
    throw new HttpError(415, 'UNDECODABLE_PNG', `The PNG image could not be read: ${err.message}`, {
      cause: err,
    });
  }
}

/**
 * Multipart is registered here only: its body parser stays inside this plugin, so the JSON
 * routes answer 415 to multipart bodies instead of parsing them.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, { repo }) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: SERVER_LIMITS.imageMaxBytes,
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
    await checkPng(bytes);
    const mid = markId(bytes);
    await repo.recordMark({ mid, kind: 'local', bytes: bytes.length });
    return reply.header('mid', mid).send({ mid });
  });
};
