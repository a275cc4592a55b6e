/**
 * The seal-extraction part of the one store (SPEC §3-4): photo → crop → POST /v1/stamp/parse, then
 * other clarity keys through POST /v1/stamp/gray with the pid, each answer cached by key.
 * Plain functions over the store's set/get; only store/index.ts builds the store.
 */
import { grayStamp, parseStamp } from '../api/extract';
import { isBlankImage } from './blank';
import {
  type ClaritySettings,
  clampClarity,
  type ExtractMode,
  initialClarity,
  keyFor,
  type RedHandling,
  steppedClarity,
} from './clarity';
import type { SealState } from './index';

export interface ExtractedStamp {
  /** Object URL of the PNG. */
  url: string;
  mid: string;
  blob: Blob;
  /** Nothing was kept: the photo holds no seal at this setting (未找到印章). */
  empty: boolean;
}

export interface Photo {
  /** Object URL of the picked file. */
  url: string;
  /** File name without its extension. */
  name: string;
}

/** `status` is the HTTP status, or 0 when no answer came (network, or the crop could not be made). */
export interface ExtractError {
  step: 'parse' | 'gray';
  status: number;
  message: string;
}

export interface ExtractState {
  mode: ExtractMode;
  /** Per-mode slider settings {min, max, val, step, red} (+ offset in mode 2). */
  clarity: ClaritySettings;
  photo: Photo | null;
  /** The 512x512 crop last sent to the server. */
  canvasUrl: string | null;
  /** The extracted stamp on show, and its clarity key. */
  stampUrl: string | null;
  stampKey: string | null;
  /** The stamp on show kept nothing: no seal was found. */
  stampEmpty: boolean;
  pid: string | null;
  /** Stamps of the current upload by clarity key; emptied by a new upload. */
  grayCache: Readonly<Record<string, ExtractedStamp>>;
  parsing: boolean;
  /** A stamp for another key is on its way. */
  graying: boolean;
  extractError: ExtractError | null;

  /** A new photo to crop: forgets the previous upload and its stamps. */
  choosePhoto(file: Blob, fileName: string): void;
  setMode(mode: ExtractMode): void;
  /** A level by hand (turns the automatic clarity off). */
  setClarity(value: number): void;
  /** One press of › (+1) or ‹ (-1) (turns the automatic clarity off). */
  stepClarity(direction: 1 | -1): void;
  /** The extractor picks the clarity per photo (on by default). */
  setAutoClarity(on: boolean): void;
  /** Modes 1 and 2 only. */
  setRed(red: RedHandling): void;
  /** Mode 0: one flat seal red (纯色) instead of the ink's shading. */
  setFlat(on: boolean): void;
  /** Uploads the crop (or the crop still being drawn) and shows the extracted stamp. */
  parseCrop(crop: Blob | Promise<Blob>): Promise<void>;
}

type Set = (partial: Partial<SealState> | ((s: SealState) => Partial<SealState>)) => void;
type Get = () => SealState;

export const selectClarityKey = (s: Pick<ExtractState, 'mode' | 'clarity'>): string =>
  keyFor(s.mode, s.clarity);

function revoke(url: string | null | undefined): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

function errorOf(step: ExtractError['step'], error: unknown): ExtractError {
  const status =
    typeof (error as { status?: unknown })?.status === 'number'
      ? (error as { status: number }).status
      : 0;
  const message = error instanceof Error ? error.message : String(error);
  // The server's (or the network's) own words for the debug log; the screen says ours by status.
  console.debug(`extract ${step}: HTTP ${status}:`, message);
  return { step, status, message };
}

/** The api client already reloads the page on a 419; showing an error meanwhile would only flash. */
const isReload = (error: unknown) => (error as { code?: unknown })?.code === 'reload';

function withoutExtension(name: string): string {
  return name.replace(/\.[^./\\]+$/, '') || name;
}

export function createExtractSlice(set: Set, get: Get): ExtractState {
  // Every upload takes a ticket: an answer for an older upload never changes what is shown.
  let parseTicket = 0;
  const inFlight = new Map<string, Promise<ExtractedStamp>>();

  const currentKey = () => selectClarityKey(get());

  function show(key: string, stamp: ExtractedStamp): void {
    const { pid, photo } = get();
    set({
      stampUrl: stamp.url,
      stampKey: key,
      stampEmpty: stamp.empty,
      graying: false,
      extractError: null,
    });
    // An empty result is no stamp to place or keep.
    if (stamp.empty) return;
    const name = photo?.name ?? '';
    get().setCurrentStamp({ url: stamp.url, mid: stamp.mid, name, kind: 'extracted' }, stamp.blob);
    get().keepStamp({
      id: `extracted:${pid}`,
      url: stamp.url,
      mid: stamp.mid,
      kind: 'extracted',
      name,
      blob: stamp.blob,
    });
  }

  function fetchGray(pid: string, key: string): Promise<ExtractedStamp> {
    const id = `${pid} ${key}`;
    const pending = inFlight.get(id);
    if (pending) return pending;
    const promise = grayStamp(pid, key)
      .then(async ({ blob, mid }) => {
        const stamp = {
          url: URL.createObjectURL(blob),
          mid,
          blob,
          empty: await isBlankImage(blob),
        };
        // Still the same upload: the answer is good for the cache even if the key moved on.
        if (get().pid === pid) set((s) => ({ grayCache: { ...s.grayCache, [key]: stamp } }));
        return stamp;
      })
      .finally(() => inFlight.delete(id));
    inFlight.set(id, promise);
    return promise;
  }

  /** After the key changed: the cached stamp at once, or a gray request whose answer shows only if still wanted. */
  async function showCurrentKey(): Promise<void> {
    const { pid, grayCache } = get();
    if (!pid) return;
    const key = currentKey();
    const cached = grayCache[key];
    if (cached) {
      show(key, cached);
      return;
    }
    set({ graying: true, extractError: null });
    const stillWanted = () => get().pid === pid && currentKey() === key;
    try {
      const stamp = await fetchGray(pid, key);
      if (stillWanted()) show(key, stamp);
    } catch (error) {
      if (!stillWanted() || isReload(error)) return;
      set({ graying: false, extractError: errorOf('gray', error) });
    }
  }

  function updateSetting(
    mode: ExtractMode,
    change: { val?: number; red?: RedHandling; auto?: boolean },
  ): void {
    const before = get().clarity[mode];
    const after = { ...before, ...change };
    if (after.val === before.val && after.red === before.red && after.auto === before.auto) return;
    set((s) => ({ clarity: { ...s.clarity, [mode]: after } }));
    void showCurrentKey();
  }

  return {
    mode: 0,
    clarity: initialClarity(),
    photo: null,
    canvasUrl: null,
    stampUrl: null,
    stampKey: null,
    stampEmpty: false,
    pid: null,
    grayCache: {},
    parsing: false,
    graying: false,
    extractError: null,

    choosePhoto(file, fileName) {
      parseTicket++;
      const { photo, canvasUrl, grayCache, stamps, currentStamp } = get();
      revoke(photo?.url);
      revoke(canvasUrl);
      // The old upload's stamps go, except one still listed or current.
      const kept = new Set([currentStamp?.url, ...stamps.map((e) => e.url)]);
      for (const { url } of Object.values(grayCache)) if (!kept.has(url)) revoke(url);
      set({
        photo: { url: URL.createObjectURL(file), name: withoutExtension(fileName) },
        canvasUrl: null,
        stampUrl: null,
        stampKey: null,
        stampEmpty: false,
        pid: null,
        grayCache: {},
        parsing: false,
        graying: false,
        extractError: null,
      });
    },

    setMode(mode) {
      if (mode === get().mode) return;
      set({ mode });
      void showCurrentKey();
    },

    setClarity(value) {
      const { mode, clarity } = get();
      updateSetting(mode, { val: clampClarity(clarity[mode], value), auto: false });
    },

    stepClarity(direction) {
      const { mode, clarity } = get();
      updateSetting(mode, { val: steppedClarity(clarity[mode], direction), auto: false });
    },

    setAutoClarity(on) {
      updateSetting(get().mode, { auto: on });
    },

    setFlat(on) {
      updateSetting(0, { red: on ? 2 : 0 });
    },

    setRed(red) {
      const { mode } = get();
      if (mode === 0) return;
      updateSetting(mode, { red });
    },

    async parseCrop(crop) {
      const ticket = ++parseTicket;
      set({ parsing: true, graying: false, extractError: null });
      try {
        const png = await crop;
        if (ticket !== parseTicket) return;
        revoke(get().canvasUrl);
        set({ canvasUrl: URL.createObjectURL(png) });
        const key = currentKey();
        const { blob, pid, mid } = await parseStamp(png, key);
        if (ticket !== parseTicket) return;
        const empty = await isBlankImage(blob);
        if (ticket !== parseTicket) return;
        const stamp = { url: URL.createObjectURL(blob), mid, blob, empty };
        set({ pid, grayCache: { [key]: stamp }, parsing: false });
        // The visitor may have changed the mode or clarity while the upload was on its way.
        if (currentKey() === key) show(key, stamp);
        else await showCurrentKey();
      } catch (error) {
        if (ticket !== parseTicket) return;
        set({ parsing: false, extractError: isReload(error) ? null : errorOf('parse', error) });
      }
    },
  };
}
