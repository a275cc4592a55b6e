/**
 * The app's one store (STYLE #5): components read fields with `useSeal(selector)` and change them
 * only through the named actions below. This is the only module that imports zustand.
 */
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createStamp, markFile, type SealInput } from '../api/seal';
import type { TabId } from '../features/tabs';
import { blobToDataUrl, loadSavedStamp, saveStamp } from './stampStorage';

export type { SealInput } from '../api/seal';

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
}

/** The stamp the other tools will place. A stamp restored from localStorage has no mid or name. */
export interface Stamp {
  url: string;
  mid: string;
  name: string;
  method?: SealMethod;
}

export type MakeError = { reason: 'nameRequired' } | { reason: 'failed'; message: string };

export interface SealState {
  activeTab: TabId;
  currentStamp: Stamp | null;
  /** Made seals by `sealCacheKey(method, input)`. */
  createCache: Readonly<Record<string, SealResult>>;
  making: boolean;
  makeError: MakeError | null;

  setActiveTab(tab: TabId): void;
  /** Makes (or takes from the cache) a seal and, unless a newer request was made meanwhile, makes it current. */
  makeSeal(method: SealMethod, input: SealInput): Promise<void>;
  setCurrentStamp(stamp: Stamp, png?: Blob): void;
  /** The input changed to one that will not be made: an answer still on its way must not become current. */
  abandonSeal(): void;
}

export interface SealStoreDeps {
  /** Draws the seal in the browser and returns its PNG. */
  renderLocal(input: SealInput): Promise<Blob>;
}

const defaultDeps: SealStoreDeps = {
  // Loaded on first use: it brings the seal fonts' stylesheets and the drawing code.
  renderLocal: async (input) => (await import('../seal/localSeal')).renderLocalSeal(input),
};

export function normalizeSealInput(input: SealInput): SealInput {
  return { name: input.name.trim(), title: input.title.trim(), code: input.code.trim() };
}

export function sealCacheKey(method: SealMethod, input: SealInput): string {
  const { name, title, code } = normalizeSealInput(input);
  return JSON.stringify([method, name, title, code]);
}

export function createSealStore(deps: SealStoreDeps = defaultDeps): StoreApi<SealState> {
  // Every makeSeal call takes a ticket; only the newest ticket may change what is shown, so a slow
  // answer to an older input never overwrites a newer one.
  let latestTicket = 0;
  const inFlight = new Map<string, Promise<SealResult>>();

  return createStore<SealState>()((set, get) => {
    async function produce(method: SealMethod, input: SealInput): Promise<SealResult> {
      let blob: Blob;
      let mid: string;
      if (method === 'server') {
        ({ blob, mid } = await createStamp(input));
      } else {
        blob = await deps.renderLocal(input);
        mid = await markFile(blob);
      }
      return { url: URL.createObjectURL(blob), mid, method, blob };
    }

    function cachedOrMade(key: string, method: SealMethod, input: SealInput): Promise<SealResult> {
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = produce(method, input)
        .then((result) => {
          set((s) => ({ createCache: { ...s.createCache, [key]: result } }));
          return result;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    }

    return {
      activeTab: 'make',
      currentStamp: restoredStamp(),
      createCache: {},
      making: false,
      makeError: null,

      setActiveTab(tab) {
        set({ activeTab: tab });
      },

      async makeSeal(method, rawInput) {
        const input = normalizeSealInput(rawInput);
        const ticket = ++latestTicket;
        if (!input.name) {
          set({ making: false, makeError: { reason: 'nameRequired' } });
          return;
        }
        const key = sealCacheKey(method, input);
        const cached = get().createCache[key];
        if (cached) {
          set({ making: false, makeError: null });
          get().setCurrentStamp({ ...stampOf(cached), name: input.name }, cached.blob);
          return;
        }
        set({ making: true, makeError: null });
        try {
          const result = await cachedOrMade(key, method, input);
          if (ticket !== latestTicket) return;
          set({ making: false });
          get().setCurrentStamp({ ...stampOf(result), name: input.name }, result.blob);
        } catch (error) {
          if (ticket !== latestTicket) return;
          const message = error instanceof Error ? error.message : String(error);
          set({ making: false, makeError: { reason: 'failed', message } });
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
}

function stampOf(result: SealResult): Omit<Stamp, 'name'> {
  return { url: result.url, mid: result.mid, method: result.method };
}

function restoredStamp(): Stamp | null {
  const url = loadSavedStamp();
  return url ? { url, mid: '', name: '' } : null;
}

export const sealStore = createSealStore();

export function useSeal<T>(selector: (state: SealState) => T): T {
  return useStore(sealStore, selector);
}
