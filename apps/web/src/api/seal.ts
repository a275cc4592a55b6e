import { apiFetch, postJson } from './client';

export interface SealInput {
  name: string;
  title: string;
  code: string;
}

export interface SealImage {
  blob: Blob;
  mid: string;
}

/** POST /v1/stamp/create: the server draws the seal; `mid` is its content id. */
export async function createStamp(input: SealInput): Promise<SealImage> {
  const res = await postJson('/v1/stamp/create', input);
  const blob = await res.blob();
  return { blob, mid: res.headers.get('mid') ?? '' };
}

/** POST /v1/file/mark: registers a seal drawn in the browser and returns its content id. */
export async function markFile(png: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', png, 'seal.png');
  const res = await apiFetch('/v1/file/mark', { method: 'POST', body: form });
  const header = res.headers.get('mid');
  if (header) return header;
  const body = (await res.json()) as { mid?: unknown };
  return typeof body.mid === 'string' ? body.mid : '';
}
