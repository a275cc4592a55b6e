import { ApiError, apiFetch } from './client';

export interface ParsedStamp {
  blob: Blob;
  /** Names the crop the server keeps, so other clarity keys need no re-upload. */
  pid: string;
  mid: string;
}

export interface GrayStamp {
  blob: Blob;
  mid: string;
}

/**
 * POST /v1/stamp/parse: uploads the 512x512 crop and extracts the seal at clarity key `gray`.
 * The fields come before the file so that a streaming server knows the key when the file arrives.
 */
export async function parseStamp(crop: Blob, gray: string): Promise<ParsedStamp> {
  const form = new FormData();
  form.append('gray', gray);
  form.append('stream', '1');
  form.append('file', crop, 'crop.png');
  const res = await apiFetch('/v1/stamp/parse', { method: 'POST', body: form });
  const pid = res.headers.get('pid');
  if (!pid) throw new ApiError('The answer carried no pid', res.status, 'no_pid');
  return { blob: await res.blob(), pid, mid: res.headers.get('mid') ?? '' };
}

/** POST /v1/stamp/gray: the same crop at another clarity key. A 419 (crop expired) reloads the page. */
export async function grayStamp(pid: string, gray: string): Promise<GrayStamp> {
  const res = await apiFetch('/v1/stamp/gray', {
    method: 'POST',
    headers: { 'content-type': 'application/json', pid },
    body: JSON.stringify({ gray }),
  });
  return { blob: await res.blob(), mid: res.headers.get('mid') ?? '' };
}
