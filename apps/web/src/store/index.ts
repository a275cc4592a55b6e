/**
 * The app's one store (STYLE #5): components read fields with `useSeal(selector)` and change them
 * only through the named actions below. This is the only module that imports zustand.
 */
import { hasNoControlChars, notTextMessage, SEAL_SIZE_MM, type SealDesign } from '@yinzhang/seal';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isUnreachable } from '../api/client';
import { createStamp, markFile, type SealInput } from '../api/seal';
import type { TabId } from '../model/tabs';
import { type ConvertState, createConvertSlice } from './convert';
import { type CertificateKernel, createDigsigSlice, type DigsigState } from './digsig';
import { createExtractSlice, type ExtractState } from './extract';
import { createGallerySlice, type GalleryState, type StampEntry } from './gallery';
import { defaultStorage, type StampKind, type StampStorage } from './galleryStorage';
import { createPdfSignSlice, type PdfSignState } from './pdfsign';
import { createSignSlice, type SignState } from './sign';
import { defaultSigningStorage, type SigningStorage } from './signingStorage';
import { blobToDataUrl, loadSavedStamp, saveStamp } from './stampStorage';
import { createWorkSlice, keepWork, type WorkState } from './work';
import { defaultWorkStorage, type WorkStorage } from './workStorage';

export type { SealInput } from '../api/seal';
export type { ClaritySetting, ExtractMode, RedHandling } from './clarity';
export type { ExtractError, ExtractedStamp, Photo } from './extract';
export { selectClarityKey } from './extract';
export type { StampEntry } from './gallery';
export type { StampKind, StampStorage, StoredStamp } from './galleryStorage';
export { memoryStorage } from './galleryStorage';
export type { LastUse, Placement, SignImage } from './sign';

/** `local`: drawn in this browser, then registered with POST /v1/file/mark; `server`: POST /v1/stamp/create. */
export type SealMethod = 'local' | 'server';

/** One made seal, as cached per (method, name, title, code). */
export interface SealResult {
  /** Object URL of the PNG. */
  url: string;
  /** Server-issued content id. */
  mid: string;
  method: SealMethod;
  blob: Blob;
  /** The server could not be reached: drawn in this browser, with no content id. */
  offline?: true;
}

/** What a seal made by name was made from: enough to draw it again (SVG, print resolution). */
export interface MadeFrom {
  input: SealInput;
  /** The designer's choices; absent for the classic 42 mm round seal. */
  design?: SealDesign | undefined;
}

/** The stamp the other tools will place. A stamp restored from localStorage has no mid or name. */
export interface Stamp {
  url: string;
  mid: string;
  name: string;
  method?: SealMethod;
  kind?: StampKind;
  /** The seal's printed width in mm (its longer side), for seals made by name. */
  sizeMm?: number | undefined;
  madeFrom?: MadeFrom | undefined;
}

/**
 * Why no seal came out, for the form to say in the user's words (issue 19): a field holding a
 * character that is not text, or a failure with the server's HTTP status (0: none reached) and
 * its own words, which go to the debug log only.
 */
export type MakeError =
  | { reason: 'nameRequired' }
  | { reason: 'notText'; field: 'name' | 'title' | 'code' }
  | { reason: 'failed'; status: number; message: string };

export interface SealState
  extends ExtractState,
    GalleryState,
    SignState,
    ConvertState,
    PdfSignState,
    WorkState,
    DigsigState {
  activeTab: TabId;
  /** The last stamp made or added; kept in localStorage `stamp` (SPEC §3). */
  currentStamp: Stamp | null;
  /** Made seals by `sealCacheKey(method, input)`. */
  createCache: Readonly<Record<string, SealResult>>;
  making: boolean;
  makeError: MakeError | null;
  /** The seal shown was drawn in this browser because the server could not be reached. */
  madeOffline: boolean;

  setActiveTab(tab: TabId): void;
  /** Makes (or takes from the cache) a seal and, unless a newer request was made meanwhile, makes it current. */
  makeSeal(method: SealMethod, input: SealInput, design?: SealDesign): Promise<void>;
  setCurrentStamp(stamp: Stamp, png?: Blob): void;
  /** The input changed to one that will not be made: an answer still on its way must not become current. */
  abandonSeal(): void;
}

export interface SealStoreDeps {
  /** Draws the seal in the browser and returns its PNG. */
  renderLocal(input: SealInput, design?: SealDesign): Promise<Blob>;
  /** Where the gallery is kept between visits; IndexedDB when the browser has it. */
  storage?: StampStorage;
  /** Where the open image or PDF and its placements are kept across reloads. */
  workStorage?: WorkStorage;
  /** Where the generated signing key and trust anchors are kept; IndexedDB when the browser has it. */
  signingStorage?: SigningStorage;
  /** Certificate making and reading (pkijs), loaded on first use. */
  certificates?: () => Promise<CertificateKernel>;
}

const defaultDeps: SealStoreDeps = {
  // Loaded on first use: it brings the seal fonts' stylesheets and the drawing code.
  renderLocal: async (input, design) =>
    design
      ? (await import('../seal/renderDesigned')).renderDesignedSeal(input, design)
      : (await import('../seal/localSeal')).renderLocalSeal(input),
};

// The kernel's key type is WebCrypto's own CryptoKey, declared without the DOM's types there.
const loadCertificates = () =>
  import('@yinzhang/pdf/certificates') as unknown as Promise<CertificateKernel>;

export function normalizeSealInput(input: SealInput): SealInput {
  return { name: input.name.trim(), title: input.title.trim(), code: input.code.trim() };
}

export function sealCacheKey(method: SealMethod, input: SealInput, design?: SealDesign): string {
  const { name, title, code } = normalizeSealInput(input);
  return JSON.stringify(design ? [method, name, title, code, design] : [method, name, title, code]);
}

export function createSealStore(deps: SealStoreDeps = defaultDeps): StoreApi<SealState> {
  // Every makeSeal call takes a ticket; only the newest ticket may change what is shown, so a slow
  // answer to an older input never overwrites a newer one.
  let latestTicket = 0;
  const inFlight = new Map<string, Promise<SealResult>>();
  const workStorage = deps.workStorage ?? defaultWorkStorage();

  const store = createStore<SealState>()((set, get) => {
    async function produce(
      method: SealMethod,
      input: SealInput,
      design: SealDesign | undefined,
    ): Promise<SealResult> {
      const drawHere = () => (design ? deps.renderLocal(input, design) : deps.renderLocal(input));
      // The server draws only the classic seal (its request is {name, title, code}).
      if (method === 'server' && !design) {
        try {
          const { blob, mid } = await createStamp(input);
          return { url: URL.createObjectURL(blob), mid, method, blob };
        } catch (error) {
          if (!isUnreachable(error)) throw error;
        }
        // Offline (or the server is down): the same drawSeal and fonts, in this browser.
        const blob = await drawHere();
        return { url: URL.createObjectURL(blob), mid: '', method: 'local', blob, offline: true };
      }
      const blob = await drawHere();
      let mid = '';
      let offline = false;
      try {
        mid = await markFile(blob);
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        // The content id only names the seal on the server; the seal itself is complete without it.
        offline = true;
      }
      return { url: URL.createObjectURL(blob), mid, method, blob, ...(offline && { offline }) };
    }

    function cachedOrMade(
      key: string,
      method: SealMethod,
      input: SealInput,
      design: SealDesign | undefined,
    ): Promise<SealResult> {
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = produce(method, input, design)
        .then((result) => {
          set((s) => ({ createCache: { ...s.createCache, [key]: result } }));
          return result;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    }

    const restored = restoredStamp();
    const savedEntry: StampEntry | null = restored
      ? { id: 'saved', url: restored.url, mid: '', kind: 'saved', name: '', createdAt: 0 }
      : null;
    return {
      ...createExtractSlice(set, get),
      ...createGallerySlice(set, get, deps.storage ?? defaultStorage(), savedEntry),
      ...createSignSlice(set, get),
      ...createConvertSlice(set, get),
      ...createPdfSignSlice(set, get),
      ...createWorkSlice(set, get, workStorage),
      ...createDigsigSlice(
        set,
        deps.signingStorage ?? defaultSigningStorage(),
        deps.certificates ?? loadCertificates,
      ),
      activeTab: 'make',
      currentStamp: restored,
      createCache: {},
      making: false,
      makeError: null,
      madeOffline: false,

      setActiveTab(tab) {
        set({ activeTab: tab });
      },

      async makeSeal(rawMethod, rawInput, design) {
        const method = design ? 'local' : rawMethod;
        const input = normalizeSealInput(rawInput);
        const ticket = ++latestTicket;
        if (!input.name) {
          set({ making: false, makeError: { reason: 'nameRequired' } });
          return;
        }
        // The server's own text rule (issue 20), said here before anything is sent.
        const notText = (['name', 'title', 'code'] as const).find(
          (field) => !hasNoControlChars(input[field]),
        );
        if (notText !== undefined) {
          console.debug('制作印章:', notTextMessage(notText));
          set({ making: false, makeError: { reason: 'notText', field: notText } });
          return;
        }
        const key = sealCacheKey(method, input, design);
        const made = {
          name: input.name,
          sizeMm: design ? Math.max(design.widthMm, design.heightMm) : SEAL_SIZE_MM,
          madeFrom: { input, design },
        };
        const cached = get().createCache[key];
        if (cached) {
          set({ making: false, makeError: null, madeOffline: cached.offline === true });
          const stamp = { ...stampOf(cached), ...made };
          get().setCurrentStamp(stamp, cached.blob);
          get().keepMadeSeal(stamp, cached.blob);
          return;
        }
        set({ making: true, makeError: null });
        try {
          const result = await cachedOrMade(key, method, input, design);
          if (ticket !== latestTicket) return;
          set({ making: false, madeOffline: result.offline === true });
          const stamp = { ...stampOf(result), ...made };
          get().setCurrentStamp(stamp, result.blob);
          get().keepMadeSeal(stamp, result.blob);
        } catch (error) {
          if (ticket !== latestTicket) return;
          const message = error instanceof Error ? error.message : String(error);
          const status = (error as { status?: unknown } | null)?.status;
          console.debug('制作印章:', message);
          set({
            making: false,
            makeError: {
              reason: 'failed',
              status: typeof status === 'number' ? status : 0,
              message,
            },
          });
        }
      },

      abandonSeal() {
        latestTicket++;
        if (get().making) set({ making: false });
      },

      setCurrentStamp(stamp, png) {
        set({ currentStamp: stamp });
        if (!png) return;
        blobToDataUrl(png).then(
          (dataUrl) => {
            // Another stamp may have become current while this one was being read.
            if (get().currentStamp?.url === stamp.url) saveStamp(dataUrl);
          },
          () => {},
        );
      },
    };
  });
  void store.getState().loadGallery();
  keepWork(store, workStorage);
  void store.getState().restoreWork();
  void store.getState().loadSigning();
  return store;
}

function stampOf(result: SealResult): Omit<Stamp, 'name'> {
  return { url: result.url, mid: result.mid, method: result.method, kind: 'made' };
}

function restoredStamp(): Stamp | null {
  const url = loadSavedStamp();
  return url ? { url, mid: '', name: '', kind: 'saved' } : null;
}

export const sealStore = createSealStore();

export function useSeal<T>(selector: (state: SealState) => T): T {
  return useStore(sealStore, selector);
}
