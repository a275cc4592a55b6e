import { STATUS_CODES as HTTP_REASONS } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, type z } from 'zod';
import { NOT_FOUND_HTML, wantsHtmlPage } from './not-found';

/** The one shape of every error answer: `{ error: { code, message } }`. */
export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

export interface HttpErrorOptions extends ErrorOptions {
  /** Response headers sent with the error (e.g. Retry-After). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Thrown by routes for an answer they chose; the error handler sends it as is. */
export class HttpError extends Error {
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    options?: HttpErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
    this.headers = options?.headers ?? {};
  }
}

interface Mapped {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

/** Framework and plugin error codes we answer with a status of our choosing. */
const KNOWN_CODES: Readonly<Record<string, Omit<Mapped, 'message'>>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  // One file is expected: a second is a malformed request, not a large one.
  FST_FILES_LIMIT: { status: 400, code: 'TOO_MANY_FILES' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_VALIDATION: { status: 400, code: 'INVALID_INPUT' },
};

const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  411: 'LENGTH_REQUIRED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  503: 'UNAVAILABLE',
};

const INTERNAL: Mapped = { status: 500, code: 'INTERNAL', message: 'Internal server error' };

/** One readable line from a zod failure: `name: name is required; code: ...`. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ` : '') + issue.message)
    .join('; ');
}

/** Validates a request body; a failure becomes a 400 with the reasons. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new HttpError(400, 'INVALID_INPUT', describeZodError(result.error));
  }
  return result.data;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Maps anything thrown during a request to status, code and a message fit for a client.
 * Only 4xx messages pass through; 5xx always say the same generic thing.
 */
export function mapError(error: unknown): Mapped {
  if (error instanceof HttpError) {
    return { status: error.statusCode, code: error.code, message: error.message };
  }
  if (error instanceof ZodError) {
    return { status: 400, code: 'INVALID_INPUT', message: describeZodError(error) };
  }
  const fastifyCode = (error as { code?: unknown } | null)?.code;
  const known = typeof fastifyCode === 'string' ? KNOWN_CODES[fastifyCode] : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (known) return { ...known, message };
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, code: STATUS_CODES[status] ?? 'BAD_REQUEST', message };
  }
  if (status === 503) return { status, code: 'UNAVAILABLE', message: 'Service unavailable' };
  return INTERNAL;
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** Installs the app's single error handler and its 404 answer (JSON for every path). */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = mapError(error);
    if (mapped.status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
    } else if (mapped.status >= 500) {
      // Chosen answers such as 503 BUSY: worth noticing, not a failure of ours.
      request.log.warn({ code: mapped.code, status: mapped.status }, mapped.message);
    } else {
      request.log.info({ code: mapped.code, status: mapped.status }, mapped.message);
    }
    if (error instanceof HttpError) reply.headers(error.headers);
    return reply
      .code(mapped.status)
      .type('application/json; charset=utf-8')
      .send(errorBody(mapped.code, mapped.message));
  });

  app.setNotFoundHandler((request, reply) => {
    if (wantsHtmlPage(request)) {
      return reply.code(404).type('text/html; charset=utf-8').send(NOT_FOUND_HTML);
    }
    // The path is not echoed: what a client sent is never reflected into an answer.
    return reply
      .code(404)
      .send(errorBody('NOT_FOUND', `There is nothing at this address for ${request.method}`));
  });
}

/** Errors Fastify raises before routing (FST_ERR_BAD_URL...): fixed messages, no echo of the URL. */
export function frameworkError(error: unknown): Mapped {
  const mapped = mapError(error);
  if (mapped.status >= 500) return mapped;
  return { ...mapped, message: 'The request could not be understood (malformed URL or request)' };
}

/** Answers Node's HTTP parser gives up on before Fastify sees a request. */
const CLIENT_ERRORS: Readonly<Record<string, Mapped>> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'The request did not arrive in time',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The request headers are too large',
  },
};
const MALFORMED: Mapped = {
  status: 400,
  code: 'BAD_REQUEST',
  message: 'The request could not be understood (malformed request line or headers)',
};

/**
 * Fastify's clientErrorHandler: a malformed request line (400), headers too large (431) or a
 * request that timed out (408) still get the one error shape and the same security headers, with
 * nothing of the raw request in them, then the connection is closed.
 */
export function clientErrorHandler(
  headers: Readonly<Record<string, string>>,
): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const mapped = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
    const body = JSON.stringify(errorBody(mapped.code, mapped.message));
    const lines = [
      `HTTP/1.1 ${mapped.status} ${HTTP_REASONS[mapped.status] ?? 'Error'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy();
  };
}
