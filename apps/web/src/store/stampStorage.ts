/** localStorage key `stamp`: the current stamp as a data URL (SPEC §3). */
const STAMP_KEY = 'stamp';

export function loadSavedStamp(): string | null {
  try {
    const value = localStorage.getItem(STAMP_KEY);
    return value?.startsWith('data:image/') ? value : null;
  } catch {
    return null;
  }
}

export function saveStamp(dataUrl: string): void {
  try {
    localStorage.setItem(STAMP_KEY, dataUrl);
  } catch {
    // Quota exceeded or storage disabled: the stamp still works for this visit.
  }
}

/** Base64 data URL of a blob (arrayBuffer works with every Blob implementation, FileReader does not). */
export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`;
}

export function clearSavedStamp(): void {
  try {
    localStorage.removeItem(STAMP_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/** The Blob a base64 data URL holds. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(5, comma);
  const type = header.split(';')[0] || 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
