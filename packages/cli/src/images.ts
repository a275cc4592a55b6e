/** Stamp and page images for the PDF engine, which takes PNG and JPEG bytes as they are. */
import { imageKind, jpegOrientation } from '@yinzhang/pdf';
import sharp from 'sharp';
import { InputError } from './errors';
import { readInput } from './files';

export interface LoadedImage {
  /** PNG or JPEG bytes. */
  readonly bytes: Uint8Array;
  /** Pixel size as seen (after EXIF orientation). */
  readonly width: number;
  readonly height: number;
}

/**
 * PNGs and JPEGs pass through untouched; any other format sharp reads (WebP, GIF, TIFF...) becomes
 * a PNG. With `applyExif`, a JPEG that asks to be turned is turned here (the stamp engine draws
 * images as stored); img2pdf leaves that to the engine, which turns them without re-encoding.
 */
export async function loadImage(path: string, applyExif: boolean): Promise<LoadedImage> {
  const bytes = await readInput(path);
  const kind = imageKind(bytes);
  try {
    if (kind === 'png' || (kind === 'jpeg' && !(applyExif && jpegOrientation(bytes) > 1))) {
      const meta = await sharp(bytes).metadata();
      const turned = kind === 'jpeg' && (meta.orientation ?? 1) >= 5;
      const [w, h] = turned ? [meta.height, meta.width] : [meta.width, meta.height];
      return { bytes, width: w ?? 0, height: h ?? 0 };
    }
    const { data, info } = await sharp(bytes).rotate().png().toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    throw new InputError(`${path}: not an image that can be read (PNG, JPEG, WebP...)`);
  }
}
