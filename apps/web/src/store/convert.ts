/**
 * The PDF tools' part of the one store: PDF合并 (merge.ts), 图片转PDF (images.ts) and which tab
 * of the /pdf page is open. Only store/index.ts builds the store; tests build this part alone.
 */
import { type ConvertDeps, defaultConvertDeps } from './convertDeps';
import { createImagesSlice, type ImagesState } from './images';
import { createMergeSlice, type MergeState } from './merge';

export const PDF_TABS = ['edit', 'merge', 'images'] as const;
export type PdfTabId = (typeof PDF_TABS)[number];

export interface ConvertState extends MergeState, ImagesState {
  pdfTab: PdfTabId;
  setPdfTab(tab: PdfTabId): void;
}

type Set = (partial: Partial<ConvertState> | ((s: ConvertState) => Partial<ConvertState>)) => void;
type Get = () => ConvertState;

export function createConvertSlice(
  set: Set,
  get: Get,
  deps: ConvertDeps = defaultConvertDeps,
): ConvertState {
  return {
    ...createMergeSlice(set, get, deps),
    ...createImagesSlice(set, get, deps),
    pdfTab: 'edit',
    setPdfTab(tab) {
      set({ pdfTab: tab });
    },
  };
}
