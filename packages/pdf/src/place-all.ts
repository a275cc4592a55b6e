/**
 * Everything placed on a document in one incremental update: normal stamps (split across page
 * breaks), any number of batch stamps (批量签章) and the paging seal (骑缝章). The browser's 编辑完成
 * writes through this, so that a later signature follows exactly one revision of placements
 * (issue 15: "placements go in first, as one incremental update, then the signature"), instead of
 * one revision per stampPdf / pagingSeal pass.
 */
import type { Size } from '@yinzhang/seal/placement';
import { DEFAULT_MAX_PAGES_PER_SEAL, DEFAULT_SEAL_MM } from './defaults';
import { openForUpdate, type PdfUpdate, saveUpdate } from './document';
import { engineWork } from './engine-log';
import { ourError, PdfInputError } from './errors';
import { displayedBoxToUser, imageMatrix } from './geometry';
import { embedImageForUpdate, isPdfA1 } from './images';
import type { ExistingPdfWriteOptions } from './notices';
import { pagingSealPlan } from './paging-plan';
import {
  checkPlacement,
  everyPage,
  type PageSelection,
  type Placement,
  placedImage,
  splitAcrossPages,
} from './placement';
import type { OnProgress } from './progress';
import { type Mm, mmToPt, type PdfPt, pt } from './units';
import { type UpdateDraw, UpdateWriter } from './update-writer';

export interface PlaceAllOptions extends ExistingPdfWriteOptions {
  /** Image bytes (PNG or JPEG) by id; each image placed is embedded once. */
  readonly images: Readonly<Record<string, Uint8Array>>;
  /** Normal stamps, as stampPdf takes them. */
  readonly placements: readonly Placement[];
  /** Batch stamps: each placement repeated on the selected pages (see `everyPage`). */
  readonly every?: readonly { readonly placement: Placement; readonly pages: PageSelection }[];
  /** The gap shown between pages, as a fraction of the displayed page width. */
  readonly pageGap?: number | undefined;
  /** The paging seal, as pagingSeal takes it, its image named by id. */
  readonly paging?:
    | {
        readonly image: string;
        readonly edge?: 'right' | 'left' | undefined;
        readonly y?: number | undefined;
        readonly widthMm?: Mm | undefined;
        readonly maxPagesPerSeal?: number | undefined;
        readonly firstPageShare?: number | undefined;
      }
    | undefined;
  readonly onProgress?: OnProgress | undefined;
}

/** The document opening placeAll does first, for callers that open ahead (see placeAllOn). */
export { openForUpdate, type PdfUpdate };

/** How errors name an image: by its id (stampPdf, placeAll), or as the seal (pagingSeal). */
export type ImageLabel = (id: string) => string;
const byId: ImageLabel = (id) => `Image "${id}"`;

export async function placeAll(
  bytes: Uint8Array,
  options: PlaceAllOptions,
  label: ImageLabel = byId,
): Promise<Uint8Array> {
  return engineWork(async () => placeAllOn(await openForUpdate(bytes, options), options, label));
}

/**
 * placeAll on a document already opened by `openForUpdate` with the same write options. The
 * browser opens the document while the user is still placing stamps, so that 编辑完成 only draws
 * and saves. The document is changed: it serves one call.
 */
export async function placeAllOn(
  update: PdfUpdate,
  options: PlaceAllOptions,
  label: ImageLabel = byId,
): Promise<Uint8Array> {
  try {
    return await engineWork(() => drawAndSave(update, options, label));
  } catch (err) {
    throw ourError(err);
  }
}

async function drawAndSave(
  update: PdfUpdate,
  options: PlaceAllOptions,
  label: ImageLabel,
): Promise<Uint8Array> {
  const { images, onProgress, paging } = options;
  const { pdf, info, geometry } = update;
  const pages = pdf.getPages();
  onProgress?.({ phase: 'read', done: 1, total: 1 });
  const sizes: Size<PdfPt>[] = [...info.pages];

  const every = options.every ?? [];
  for (const p of [...options.placements, ...every.map((e) => e.placement)]) {
    checkPlacement(p, pages.length, images);
  }
  if (paging && !Object.hasOwn(images, paging.image)) {
    throw new PdfInputError('BAD_PLACEMENT', `Paging seal: no image named "${paging.image}"`);
  }
  const placed = options.placements.flatMap((p) => splitAcrossPages(p, sizes, options.pageGap));
  for (const e of every) placed.push(...everyPage(e.placement, sizes, { pages: e.pages }));

  // One XObject per distinct image, shared by the stamps and the paging seal.
  const embedded = new Map<string, ReturnType<typeof embedImageForUpdate>>();
  const embed = (id: string) => {
    let image = embedded.get(id);
    if (!image) {
      image = embedImageForUpdate(pdf, images[id] as Uint8Array, label(id), {
        stencil: isPdfA1(info),
      });
      embedded.set(id, image);
    }
    return image;
  };

  const byPage = new Map<number, UpdateDraw[]>();
  const add = (page: number, draw: UpdateDraw) => {
    const list = byPage.get(page);
    if (list) list.push(draw);
    else byPage.set(page, [draw]);
  };
  for (const p of placed) {
    const g = geometry[p.page];
    const size = sizes[p.page];
    if (!g || !size) continue;
    const { matrix, clip } = placedImage(g, p, size);
    add(p.page, { image: embed(p.image).ref, matrix, clip });
  }
  if (paging) {
    const image = embed(paging.image);
    const widthMm = paging.widthMm ?? DEFAULT_SEAL_MM;
    if (!(widthMm > 0)) throw new PdfInputError('BAD_PLACEMENT', 'The seal width must be positive');
    const sealWidth = mmToPt(widthMm);
    let plan: ReturnType<typeof pagingSealPlan>;
    try {
      plan = pagingSealPlan(info.pages, {
        edge: paging.edge ?? 'right',
        y: paging.y ?? 0.5,
        sealWidth,
        sealHeight: pt((sealWidth * image.height) / image.width),
        maxPagesPerSeal: paging.maxPagesPerSeal ?? DEFAULT_MAX_PAGES_PER_SEAL,
        firstPageShare: paging.firstPageShare,
      });
    } catch (err) {
      throw new PdfInputError('BAD_PLACEMENT', (err as Error).message, { cause: err });
    }
    for (const part of plan) {
      const g = geometry[part.page];
      if (!g) continue;
      add(part.page, {
        image: image.ref,
        matrix: imageMatrix(g, part.box, 0),
        clip: displayedBoxToUser(g, part.clip),
      });
    }
  }

  const writer = new UpdateWriter(pdf);
  let done = 0;
  for (const [index, draws] of [...byPage].sort((a, b) => a[0] - b[0])) {
    const page = pages[index];
    if (!page) continue;
    writer.append(page.dict, draws);
    onProgress?.({ phase: 'draw', done: ++done, total: byPage.size });
  }
  const out = await saveUpdate(pdf, info, options);
  onProgress?.({ phase: 'write', done: 1, total: 1 });
  return out;
}
