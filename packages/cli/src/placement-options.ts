/**
 * The flags that place an image on a page, shared by `stamp` and `sign`: --page, --x, --y, --width
 * and --rotate, their help lines, their parsing, and the placement they make on the page the
 * engine read (the image's height follows its shape). No engine code: --help stays light.
 */
import type { ParseArgsOptionsConfig } from 'node:util';
import type { PdfPt, Placement } from '@yinzhang/pdf';
import { mmToPt } from '@yinzhang/pdf/units';
import type { PageFraction, Rotation, Size } from '@yinzhang/seal/placement';
import { type Parsed, str } from './command';
import { fraction, integer, required, rotation, type Width, width } from './options';

export const PLACEMENT_OPTIONS = {
  page: { type: 'string' },
  x: { type: 'string' },
  y: { type: 'string' },
  width: { type: 'string' },
  rotate: { type: 'string' },
} as const satisfies ParseArgsOptionsConfig;

/** The help lines of PLACEMENT_OPTIONS: `image` is what is placed ("stamp"), `verb` the work. */
export function placementHelp(image: string, verb: string): string {
  return `  --page N            the page to ${verb}, from 1
  --x F, --y F        the ${image}'s top-left corner, fractions of the page width and height
  --width F|NUMmm     a fraction of the page width (e.g. 0.2), or a printed size (e.g. 42mm)
  --rotate DEG        turn the ${image} clockwise about its centre: 0, 90, 180 or 270`;
}

/** Where the flags put the image, before the page it goes on is known. */
export interface PlacementFlags {
  readonly x: number;
  readonly y: number;
  readonly size: Width;
  readonly rotate: Rotation;
}

/** --x, --y and --width (required) and --rotate, each error naming its flag. */
export function placementFlags(args: Parsed): PlacementFlags {
  return {
    x: fraction(required(str(args, 'x'), '--x'), '--x'),
    y: fraction(required(str(args, 'y'), '--y'), '--y'),
    size: width(required(str(args, 'width'), '--width'), '--width'),
    rotate: rotation(str(args, 'rotate'), '--rotate'),
  };
}

/** --page N as a 0-based index. */
export function pageIndex(value: string, flag = '--page'): number {
  return integer(value, flag, 1) - 1;
}

/** "--page 9: in.pdf has 3 pages" */
export function pastTheEnd(index: number, file: string, pages: number): string {
  return `--page ${index + 1}: ${file} has ${pages} pages`;
}

/**
 * The placement on a page of `page` points: --width in mm becomes a fraction of this page's width,
 * and the height follows the image's shape (`image` pixels, as seen).
 */
export function placeOnPage(
  flags: PlacementFlags,
  at: { readonly index: number; readonly page: Size<PdfPt> },
  image: { readonly id: string; readonly width: number; readonly height: number },
): Placement {
  const { page } = at;
  const w = 'mm' in flags.size ? mmToPt(flags.size.mm) / page.width : flags.size.fraction;
  const h = (w * page.width * image.height) / image.width / page.height;
  const f = (n: number) => n as PageFraction;
  return {
    page: at.index,
    image: image.id,
    x: f(flags.x),
    y: f(flags.y),
    width: f(w),
    height: f(h),
    rotate: flags.rotate,
  };
}
