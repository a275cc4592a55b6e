import { apiFetch, postJson } from './client';

export interface SiteInfo {
  contact: string;
}

/** GET /v1/site: details the footer shows (the contact address is configured on the server). */
export async function getSite(): Promise<SiteInfo> {
  const res = await apiFetch('/v1/site');
  const body = (await res.json()) as { contact?: unknown };
  return { contact: typeof body.contact === 'string' ? body.contact : '' };
}

/** POST /v1/report: a short feedback text. */
export async function sendReport(text: string): Promise<void> {
  await postJson('/v1/report', { text });
}
