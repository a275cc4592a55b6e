import { HttpError } from '../http/errors';
import { EXTRACT_LIMITS } from '../limits';
import { JobTimeoutError, PoolBusyError, PoolClosedError, WorkerJobError } from '../workers/pool';

/** Worker errors that are the image's fault, with the status they answer. */
const IMAGE_ERRORS: Readonly<Record<string, number>> = {
  UNDECODABLE_IMAGE: 422,
  UNDECODABLE_PNG: 415,
  IMAGE_TOO_MANY_PIXELS: 413,
};

/**
 * Pool and worker failures as answers: load (a full queue, a job over its time, a worker that
 * died, e.g. over its memory ceiling) is 503 with Retry-After; a bad image is 4xx. Nothing the
 * pool does becomes a 500.
 */
export async function inPool<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof WorkerJobError && err.code !== undefined) {
      const status = IMAGE_ERRORS[err.code];
      if (status !== undefined) throw new HttpError(status, err.code, err.message, { cause: err });
    }
    const retry = { headers: { 'retry-after': String(EXTRACT_LIMITS.retryAfterS) } };
    if (err instanceof PoolBusyError) {
      throw new HttpError(503, 'BUSY', 'Too many images are being decoded; try again shortly', {
        ...retry,
        cause: err,
      });
    }
    if (err instanceof JobTimeoutError) {
      throw new HttpError(503, 'EXTRACT_TIMEOUT', 'The image took too long; try again', {
        ...retry,
        cause: err,
      });
    }
    if (err instanceof PoolClosedError) {
      throw new HttpError(503, 'UNAVAILABLE', 'The server is shutting down', {
        ...retry,
        cause: err,
      });
    }
    if (err instanceof WorkerJobError) throw err;
    throw new HttpError(503, 'WORKER_FAILED', 'The image could not be processed; try again', {
      ...retry,
      cause: err,
    });
  }
}
