/**
 * 图片转PDF in the one store: the images in page order with their thumbnails, the page options,
 * and the conversion, run by the PDF worker. WebP is turned into PNG in the page first (the engine
 * embeds PNG and JPEG only); JPEGs go over as they are.
 */
import type { Orientation, PageSize } from '@yinzhang/pdf';
import { readHead, sniffType } from '../files/fileCheck';
import { PNG_SIZE_BYTES, tooManyPixels } from '../files/imageSize';
import { errorCode, logEngineError } from '../files/pdfErrors';
import { timestampFileName } from '../files/timestamp';
import { type ImageJobOptions, progressFraction } from '../workers/protocol';
import { type ConvertDeps, revokeUrl } from './convertDeps';
import { moveItem, newId, removeById } from './listOps';

export interface ImageItem {
  id: string;
  file: File;
  name: string;
  /** Object URL of the file, for its thumbnail. */
  url: string;
}

export interface ImageOptions {
  pageSize: PageSize;
  /** Ignored when the page takes the image's size. */
  orientation: Orientation;
  marginMm: number;
}

export const DEFAULT_IMAGE_OPTIONS: ImageOptions = {
  pageSize: 'a4',
  orientation: 'auto',
  marginMm: 10,
};

/** The margin input's range; beyond this an A4 page has little room left for the image. */
export const MARGIN_MM = { min: 0, max: 50, step: 1 } as const;

export interface ImagesPdf {
  url: string;
  fileName: string;
  pages: number;
}

/** Why no PDF came out, for the screen to say in the user's words (files/pdfErrors.ts). */
export interface ImagesError {
  /** The engine's or the page's error code; undefined for a failure without one. */
  code: string | undefined;
  /** The image it is about: its name, or every name when the failure is not one image's. */
  file: string;
}

export interface ImagesState {
  imageItems: readonly ImageItem[];
  imageOptions: ImageOptions;
  imagesBusy: boolean;
  imagesProgress: number | null;
  imagesPdf: ImagesPdf | null;
  imagesError: ImagesError | null;

  addImages(files: readonly File[]): void;
  moveImage(from: number, to: number): void;
  removeImage(id: string): void;
  setImageOptions(patch: Partial<ImageOptions>): void;
  runImagesToPdf(): Promise<ImagesPdf | null>;
}

type Set = (partial: Partial<ImagesState> | ((s: ImagesState) => Partial<ImagesState>)) => void;
type Get = () => ImagesState;

/** Options after a change: an unusable margin keeps the previous one; others are clamped. */
export function withImageOptions(
  current: ImageOptions,
  patch: Partial<ImageOptions>,
): ImageOptions {
  const next = { ...current, ...patch };
  const margin = Number(next.marginMm);
  next.marginMm = Number.isFinite(margin)
    ? Math.min(MARGIN_MM.max, Math.max(MARGIN_MM.min, margin))
    : current.marginMm;
  return next;
}

/** What the engine is asked for: with 'fit' pages the orientation follows the image. */
export function jobOptions(options: ImageOptions): ImageJobOptions {
  return {
    pageSize: options.pageSize,
    orientation: options.pageSize === 'fit' ? 'auto' : options.orientation,
    marginMm: options.marginMm,
  };
}

/** The bytes the engine gets for one image: PNG and JPEG as they are, anything else as PNG. */
export async function engineBytes(file: Blob, toPng: ConvertDeps['toPng']): Promise<ArrayBuffer> {
  const type = sniffType(await readHead(file));
  if (type === 'image/png' || type === 'image/jpeg') return file.arrayBuffer();
  return (await toPng(file)).arrayBuffer();
}

export function createImagesSlice(set: Set, get: Get, deps: ConvertDeps): ImagesState {
  return {
    imageItems: [],
    imageOptions: DEFAULT_IMAGE_OPTIONS,
    imagesBusy: false,
    imagesProgress: null,
    imagesPdf: null,
    imagesError: null,

    addImages(files) {
      const added = files.map((file) => ({
        id: newId('img'),
        file,
        name: file.name,
        url: URL.createObjectURL(file),
      }));
      set((s) => ({ imageItems: [...s.imageItems, ...added], imagesError: null }));
    },

    moveImage(from, to) {
      if (get().imagesBusy) return;
      set((s) => ({ imageItems: moveItem(s.imageItems, from, to) }));
    },

    removeImage(id) {
      if (get().imagesBusy) return;
      revokeUrl(get().imageItems.find((i) => i.id === id)?.url);
      set((s) => ({ imageItems: removeById(s.imageItems, id) }));
    },

    setImageOptions(patch) {
      set((s) => ({ imageOptions: withImageOptions(s.imageOptions, patch) }));
    },

    async runImagesToPdf() {
      const items = get().imageItems;
      if (items.length === 0 || get().imagesBusy) return null;
      revokeUrl(get().imagesPdf?.url);
      set({ imagesBusy: true, imagesProgress: 0, imagesPdf: null, imagesError: null });
      const fail = (error: unknown, code: string | undefined, file: string) => {
        // The original words for the debug log; the screen says ours (issue 19).
        logEngineError('图片转PDF', file, error);
        set({ imagesBusy: false, imagesProgress: null, imagesError: { code, file } });
        return null;
      };
      const images: ArrayBuffer[] = [];
      for (const item of items) {
        if (tooManyPixels(await readHead(item.file, PNG_SIZE_BYTES))) {
          return fail('declares too many pixels', 'IMAGE_TOO_LARGE', item.name);
        }
        try {
          images.push(await engineBytes(item.file, deps.toPng));
        } catch (error) {
          return fail(error, 'IMAGE_UNREADABLE', item.name);
        }
      }
      try {
        const jobs = await deps.jobs();
        const answer = await jobs.run(
          { kind: 'images', images, options: jobOptions(get().imageOptions) },
          (p) => set({ imagesProgress: progressFraction(p) }),
        );
        const pdf: ImagesPdf = {
          url: URL.createObjectURL(new Blob([answer.bytes], { type: 'application/pdf' })),
          fileName: timestampFileName('images', deps.now()),
          pages: items.length,
        };
        set({ imagesBusy: false, imagesProgress: 1, imagesPdf: pdf });
        return pdf;
      } catch (error) {
        const index = (error as { index?: unknown }).index;
        const one = typeof index === 'number' ? items[index] : items.length === 1 ? items[0] : null;
        return fail(error, errorCode(error), one?.name ?? items.map((i) => i.name).join('、'));
      }
    },
  };
}
