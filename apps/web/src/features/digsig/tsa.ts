/**
 * The browser's way to a timestamp authority: TSAs answer no cross-origin requests, so our server
 * relays the RFC 3161 request (POST /v1/tsa). Only the request leaves the machine: a hash of the
 * signature, never the document or the key.
 */

/** The relay's address on this site; `authority`: one of the server's list (else its first). */
export function timestampRelayUrl(origin: string, authority?: string | null): string {
  const base = `${origin}/v1/tsa`;
  return authority ? `${base}?url=${encodeURIComponent(authority)}` : base;
}

/** The authorities the server relays to (GET /v1/tsa); none when it has none or cannot say. */
export async function listTimestampAuthorities(): Promise<string[]> {
  try {
    const res = await fetch('/v1/tsa');
    if (!res.ok) return [];
    const body = (await res.json()) as { urls?: unknown };
    return Array.isArray(body.urls) ? body.urls.filter((u) => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

/** POSTs a DER TimeStampReq and returns the DER TimeStampResp; a refusal throws with the server's message. */
export async function postTimestamp(url: string, request: Uint8Array): Promise<Uint8Array> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: request.slice().buffer as ArrayBuffer,
  });
  if (!res.ok) {
    let message = `HTTP ${res.status}`;
    try {
      // The server's one error shape: { error: { code, message } }.
      const body = (await res.json()) as { error?: { message?: unknown } };
      const text = body.error?.message;
      if (typeof text === 'string') message = `${message}: ${text}`;
    } catch {
      // Not JSON: the status says enough.
    }
    throw Object.assign(new Error(`The timestamp server refused: ${message}`), {
      code: 'TSA_FAILED',
    });
  }
  return new Uint8Array(await res.arrayBuffer());
}
