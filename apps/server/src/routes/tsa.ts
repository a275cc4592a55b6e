/**
 * POST /v1/tsa: relays an RFC 3161 timestamp request from the browser (which cannot reach a TSA
 * itself: TSAs send no CORS headers) to an allow-listed timestamp authority (TSA_URLS).
 *
 * Only a hash travels: a TimeStampReq is a digest and a nonce. The body must parse as one and be
 * at most 1 KB; the answer must parse as a TimeStampResp. Nothing is stored, and only the status is
 * logged (never the body, nor which authority was asked). GET /v1/tsa lists the authorities.
 */
import * as asn1js from 'asn1js';
import type { FastifyPluginAsync } from 'fastify';
import * as pkijs from 'pkijs';
import { HttpError } from '../http/errors';

export const TSA_LIMITS = {
  /** A TimeStampReq with a SHA-512 digest, a nonce and a policy is about 100 bytes. */
  requestMaxBytes: 1024,
  /** A token with the TSA's chain; larger answers are refused. */
  responseMaxBytes: 64 * 1024,
  timeoutMs: 10_000,
  /** Requests per client per minute (a signature needs two: the size probe and the token). */
  perMinute: 20,
} as const;

export interface TsaRoutesOptions {
  /** Allow-listed http(s) URLs; empty: the relay is off (404). */
  readonly urls: readonly string[];
  readonly timeoutMs?: number;
  readonly perMinute?: number;
}

const QUERY = 'application/timestamp-query';
const REPLY = 'application/timestamp-reply';
const DIGEST_LENGTHS: Readonly<Record<string, number>> = {
  '2.16.840.1.101.3.4.2.1': 32, // SHA-256
  '2.16.840.1.101.3.4.2.2': 48, // SHA-384
  '2.16.840.1.101.3.4.2.3': 64, // SHA-512
};

/** Whether `body` is one DER TimeStampReq with a SHA-2 digest of the right length. */
export function isTimestampRequest(body: Uint8Array): boolean {
  try {
    const asn1 = asn1js.fromBER(body);
    if (asn1.offset !== body.length) return false;
    const req = new pkijs.TimeStampReq({ schema: asn1.result });
    const expected = DIGEST_LENGTHS[req.messageImprint.hashAlgorithm.algorithmId];
    return expected === req.messageImprint.hashedMessage.valueBlock.valueHexView.length;
  } catch {
    return false;
  }
}

function isTimestampResponse(body: Uint8Array): boolean {
  try {
    const asn1 = asn1js.fromBER(body);
    if (asn1.offset === -1) return false;
    new pkijs.TimeStampResp({ schema: asn1.result });
    return true;
  } catch {
    return false;
  }
}

/** Reads at most `limit` bytes of a response body; more is an error. */
async function readLimited(res: Response, limit: number): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(502, 'TSA_FAILED', 'The timestamp authority answered too much');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export const tsaRoutes: FastifyPluginAsync<TsaRoutesOptions> = async (app, options) => {
  const urls = options.urls;
  const timeoutMs = options.timeoutMs ?? TSA_LIMITS.timeoutMs;

  app.addContentTypeParser(
    QUERY,
    { parseAs: 'buffer', bodyLimit: TSA_LIMITS.requestMaxBytes },
    (_request, body, done) => done(null, body),
  );

  app.get('/tsa', async () => ({ urls }));

  app.post<{ Querystring: { url?: string } }>(
    '/tsa',
    {
      // The request line names the authority and the body is a hash: keep both out of the log;
      // onResponse below logs the status alone.
      logLevel: 'warn',
      config: { rateLimit: { max: options.perMinute ?? TSA_LIMITS.perMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      if (urls.length === 0) {
        throw new HttpError(
          404,
          'TSA_NOT_CONFIGURED',
          'No timestamp authority is configured on this server',
        );
      }
      const target = request.query.url ?? urls[0];
      if (target === undefined || !urls.includes(target)) {
        throw new HttpError(
          403,
          'TSA_NOT_ALLOWED',
          "That timestamp authority is not on this server's list",
        );
      }
      const body = request.body;
      if (!(body instanceof Uint8Array)) {
        throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the request as ${QUERY}`);
      }
      if (!isTimestampRequest(body)) {
        throw new HttpError(
          400,
          'NOT_A_TIMESTAMP_REQUEST',
          'The body is not an RFC 3161 timestamp request',
        );
      }
      let res: Response;
      try {
        res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': QUERY },
          body,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (err) {
        const timedOut = (err as Error).name === 'TimeoutError';
        throw timedOut
          ? new HttpError(504, 'TSA_TIMEOUT', 'The timestamp authority did not answer in time')
          : new HttpError(502, 'TSA_FAILED', 'The timestamp authority cannot be reached');
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new HttpError(
          502,
          'TSA_FAILED',
          `The timestamp authority answered HTTP ${res.status}`,
        );
      }
      const answer = await readLimited(res, TSA_LIMITS.responseMaxBytes);
      if (!isTimestampResponse(answer)) {
        throw new HttpError(
          502,
          'TSA_FAILED',
          'The timestamp authority answered something that is not a timestamp response',
        );
      }
      return reply.type(REPLY).header('cache-control', 'no-store').send(Buffer.from(answer));
    },
  );

  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'POST' && request.routeOptions.url?.endsWith('/tsa')) {
      app.log.info({ route: 'POST /v1/tsa', status: reply.statusCode }, 'timestamp relay');
    }
  });
};
