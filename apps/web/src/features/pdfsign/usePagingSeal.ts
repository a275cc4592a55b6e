import type { PagingSealPart } from '@yinzhang/pdf';
import { useEffect, useMemo, useState } from 'react';
import { loadImage } from '../../files/image';
import { type StampEntry, useSeal } from '../../store';
import { pagingPreview, pagingSealEntry } from './pagingSeal';

export interface PagingSealView {
  /** The seal it will use; undefined with an empty gallery. */
  seal: StampEntry | undefined;
  /** Each page's strip; empty while off, without a PDF, or before the seal's image is read. */
  parts: readonly PagingSealPart[];
}

/** The paging seal as the screen shows it: the seal it uses and its strips on the open PDF. */
export function usePagingSeal(): PagingSealView {
  const option = useSeal((s) => s.pagingSealOption);
  const pages = useSeal((s) => s.pdfDoc?.pages);
  const stamps = useSeal((s) => s.stamps);
  const placements = useSeal((s) => s.pdfPlacements);
  const seal = pagingSealEntry(stamps, placements);
  const [aspect, setAspect] = useState<{ url: string; value: number } | null>(null);

  useEffect(() => {
    if (!seal) return;
    let live = true;
    loadImage(seal.url).then(
      (img) => {
        if (live) setAspect({ url: seal.url, value: img.naturalWidth / img.naturalHeight });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [seal]);

  const ratio = seal && aspect?.url === seal.url ? aspect.value : 0;
  const parts = useMemo(
    () =>
      option.enabled && seal && pages && ratio > 0 ? pagingPreview(pages, option, seal, ratio) : [],
    [option, seal, pages, ratio],
  );
  return { seal, parts };
}
