/**
 * The one way the app talks to the API. Every call goes to our own origin under /v1.
 * - Errors arrive as JSON `{ error: { code, message } }` and become an ApiError with that message.
 * - Status 419 means the server forgot something this page relies on (SPEC §4): the page reloads.
 */

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(message: string, status: number, code: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const RELOAD_STATUS = 419;

function reloadPage(): void {
  window.location.reload();
}

async function errorFrom(res: Response): Promise<ApiError> {
  let code = `http_${res.status}`;
  let message = `HTTP ${res.status}`;
  try {
    const body: unknown = await res.json();
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (typeof error?.message === 'string' && error.message) message = error.message;
    if (typeof error?.code === 'string' && error.code) code = error.code;
  } catch {
    // Not JSON (a proxy error page, say): keep the status line.
  }
  return new ApiError(message, res.status, code);
}

/** fetch() for /v1 paths: resolves only with a 2xx response, rejects with an ApiError otherwise. */
export async function apiFetch(path: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(path, init);
  if (res.status === RELOAD_STATUS) {
    reloadPage();
    throw new ApiError('The page is reloading', res.status, 'reload');
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

/** POSTs a JSON body. */
export function postJson(path: string, body: unknown): Promise<Response> {
  return apiFetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * True when a call failed because the server could not be reached at all: offline or connection
 * refused (fetch() rejects with a TypeError, never with an HTTP answer), or a proxy in front of it
 * answering that the server is gone (502, 504).
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 504;
  return error instanceof TypeError;
}
