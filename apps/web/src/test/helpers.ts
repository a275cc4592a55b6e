import { vi } from 'vitest';

/** A fetch Response as the API sends it. */
export function pngResponse(mid: string): Response {
  return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
    status: 200,
    headers: { 'content-type': 'image/png', mid },
  });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** Replaces fetch with a mock answering by `answer`; returns the mock for call assertions. */
export function mockFetch(
  answer: (url: string, init?: RequestInit) => Response | Promise<Response>,
) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(answer(String(input), init)),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** jsdom has no object URLs. */
export function stubObjectUrls() {
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:test/${++n}` }));
}

/** A promise with its resolve function exposed, to control the order answers arrive in. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
