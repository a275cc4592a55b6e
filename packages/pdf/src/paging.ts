/** The paging seal (骑缝章) on an existing PDF: one embedded seal, a strip of it on every page. */
import { DEFAULT_SEAL_MM } from './defaults';
import { engineWork } from './engine-log';
import { PdfInputError } from './errors';
import type { ExistingPdfWriteOptions } from './notices';
import { placeAll } from './place-all';
import type { OnProgress } from './progress';
import type { Mm } from './units';

/** The seal's id among placeAll's images. */
const SEAL = 'seal';

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
  return engineWork(() => sealing(bytes, options));
}

async function sealing(bytes: Uint8Array, options: PagingSealOptions): Promise<Uint8Array> {
  const {
    image,
    edge,
    y,
    widthMm = DEFAULT_SEAL_MM,
    maxPagesPerSeal,
    firstPageShare,
    ...write
  } = options;
  // Before the file is read: a bad width is the caller's mistake, whatever the file.
  if (!(widthMm > 0)) throw new PdfInputError('BAD_PLACEMENT', 'The seal width must be positive');
  return placeAll(
    bytes,
    {
      ...write,
      images: { [SEAL]: image },
      placements: [],
      paging: { image: SEAL, edge, y, widthMm, maxPagesPerSeal, firstPageShare },
    },
    () => 'The seal image',
  );
}
