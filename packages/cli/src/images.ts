/** Stamp and page images for the PDF engine, which takes PNG and JPEG bytes as they are. */
import { imageKind, jpegOrientation } from '@yinzhang/pdf';
import { InputError } from './errors';
import { readInput } from './files';
import { headerSize } from './image-size';

export interface LoadedImage {
  /** PNG or JPEG bytes. */
  readonly bytes: Uint8Array;
  /** Pixel size as seen (after EXIF orientation). */
  readonly width: number;
  readonly height: number;
}

/**
 * PNGs and JPEGs pass through untouched, sized from their headers; any other format sharp reads
 * (WebP, GIF, TIFF...) becomes a PNG, and only then is sharp loaded. With `applyExif`, a JPEG that
 * asks to be turned is turned here (the stamp engine draws images as stored); img2pdf leaves that
 * to the engine, which turns them without re-encoding.
 */
export async function loadImage(path: string, applyExif: boolean): Promise<LoadedImage> {
  const bytes = await readInput(path);
  const kind = imageKind(bytes);
  if (kind === 'png' || kind === 'jpeg') {
    const orientation = kind === 'jpeg' ? jpegOrientation(bytes) : 1;
    const size = headerSize(bytes, kind);
    if (size && !(applyExif && orientation > 1)) {
      const turned = orientation >= 5;
      return turned
        ? { bytes, width: size.height, height: size.width }
        : { bytes, width: size.width, height: size.height };
    }
  }
  try {
    const { default: sharp } = await import('sharp');
    const { data, info } = await sharp(bytes).rotate().png().toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    throw new InputError(`${path}: not an image that can be read (PNG, JPEG, WebP...)`);
  }
}
