/**
 * Starts the export's spare worker with the tab and tells it the stamps the user is likely to
 * place — the newest few of 我的印章 and every placed one (signPdf.ts warmExport): it runs its
 * engine code once on a small document with them while the user picks a file, so that the first
 * 编辑完成 neither runs cold code nor encodes the seal (issue 16).
 */
import { useEffect } from 'react';
import { type SealState, sealStore, useSeal } from '../../store';
import { discardPreparedExport, warmExport } from './signPdf';

/** The newest stamps of the gallery encoded ahead (each costs a few ms of the worker's time). */
const GALLERY_AHEAD = 3;

type Stamps = Pick<SealState, 'stamps' | 'pdfPlacements'>;

/** Ids of the stamps to encode ahead, in a stable order. */
export function stampsAhead(state: Stamps): string[] {
  const ids = new Set(state.stamps.slice(0, GALLERY_AHEAD).map((s) => s.id));
  for (const p of state.pdfPlacements) ids.add(p.stampId);
  return [...ids].sort();
}

/**
 * Stamp images read before, by URL (an object URL or a data URL always names the same bytes):
 * the warm-up reads them, so 编辑完成 reads nothing — a blob: URL's fetch goes through the
 * browser process, 50-500 ms between the click and the export on a busy machine.
 */
const read = new Map<string, Promise<ArrayBuffer>>();
const READ_KEPT = 8;

/**
 * A stamp's image bytes, from the gallery or, for one gone from it, from its placement; a copy
 * of its own (the export transfers its buffers to the worker).
 */
export async function stampImage(state: Stamps, stampId: string): Promise<ArrayBuffer> {
  const entry = state.stamps.find((s) => s.id === stampId);
  const src = entry?.url ?? state.pdfPlacements.find((p) => p.stampId === stampId)?.src;
  if (!src) throw new Error(`missing stamp ${stampId}`);
  let bytes = read.get(src);
  if (!bytes) {
    bytes = fetch(src).then((r) => r.arrayBuffer());
    read.set(src, bytes);
    bytes.catch(() => read.delete(src));
    const oldest = read.keys().next().value;
    if (read.size > READ_KEPT && oldest !== undefined) read.delete(oldest);
  }
  return (await bytes).slice(0);
}

export function useWarmExport(): void {
  const ahead = useSeal((s) => stampsAhead(s).join('\n'));
  useEffect(() => {
    let current = true;
    const state = sealStore.getState();
    const ids = ahead ? ahead.split('\n') : [];
    // A stamp whose image cannot be read is left out: the export reports it, if it is placed.
    void Promise.all(ids.map((id) => stampImage(state, id).catch(() => null))).then((bytes) => {
      if (!current) return;
      const images: Record<string, ArrayBuffer> = {};
      ids.forEach((id, i) => {
        const b = bytes[i];
        if (b) images[id] = b;
      });
      warmExport(images);
    });
    return () => {
      current = false;
    };
  }, [ahead]);
  // The tab closed: the spare and whatever it holds go.
  useEffect(() => discardPreparedExport, []);
}
