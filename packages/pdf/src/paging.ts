/** The paging seal (骑缝章) on an existing PDF: one embedded seal, a strip of it on every page. */
import { DEFAULT_MAX_PAGES_PER_SEAL, DEFAULT_SEAL_MM } from './defaults';
import { openForUpdate, saveUpdate } from './document';
import { PdfInputError } from './errors';
import { displayedBoxToUser, imageMatrix } from './geometry';
import { embedImageForUpdate, isPdfA1 } from './images';
import type { ExistingPdfWriteOptions } from './notices';
import { pagingSealPlan } from './paging-plan';
import type { OnProgress } from './progress';
import { type Mm, mmToPt, pt } from './units';
import { UpdateWriter } from './update-writer';

export interface PagingSealOptions extends ExistingPdfWriteOptions {
  /** The seal image, PNG (transparent background) or JPEG. */
  readonly image: Uint8Array;
  readonly edge?: 'right' | 'left' | undefined;
  /** Height of the seal centre as a fraction of the displayed page height. */
  readonly y?: number | undefined;
  /** The seal's printed width; its height follows the image's aspect. */
  readonly widthMm?: Mm | undefined;
  readonly maxPagesPerSeal?: number | undefined;
  /** The first page's share of the seal width, when it should show more than the rest. */
  readonly firstPageShare?: number | undefined;
  readonly onProgress?: OnProgress | undefined;
}

export async function pagingSeal(
  bytes: Uint8Array,
  options: PagingSealOptions,
): Promise<Uint8Array> {
  const widthMm = options.widthMm ?? DEFAULT_SEAL_MM;
  if (!(widthMm > 0)) throw new PdfInputError('BAD_PLACEMENT', 'The seal width must be positive');
  const { pdf, info, geometry } = await openForUpdate(bytes, options);
  const pages = pdf.getPages();
  options.onProgress?.({ phase: 'read', done: 1, total: 1 });
  // PDF/A in, PDF/A out: PDF/A-1 allows a stencil mask where it forbids a soft mask.
  const image = embedImageForUpdate(pdf, options.image, 'The seal image', {
    stencil: isPdfA1(info),
  });
  const sealWidth = mmToPt(widthMm);
  let plan: ReturnType<typeof pagingSealPlan>;
  try {
    plan = pagingSealPlan(info.pages, {
      edge: options.edge ?? 'right',
      y: options.y ?? 0.5,
      sealWidth,
      sealHeight: pt((sealWidth * image.height) / image.width),
      maxPagesPerSeal: options.maxPagesPerSeal ?? DEFAULT_MAX_PAGES_PER_SEAL,
      firstPageShare: options.firstPageShare,
    });
  } catch (err) {
    throw new PdfInputError('BAD_PLACEMENT', (err as Error).message, { cause: err });
  }
  const writer = new UpdateWriter(pdf);
  for (const part of plan) {
    const g = geometry[part.page];
    const page = pages[part.page];
    if (!g || !page) continue;
    writer.append(page.dict, [
      {
        image: image.ref,
        matrix: imageMatrix(g, part.box, 0),
        clip: displayedBoxToUser(g, part.clip),
      },
    ]);
    options.onProgress?.({ phase: 'draw', done: part.page + 1, total: plan.length });
  }
  const out = await saveUpdate(pdf, info, options);
  options.onProgress?.({ phase: 'write', done: 1, total: 1 });
  return out;
}
