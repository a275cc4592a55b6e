/**
 * 保存: the image at its full original resolution with every placed stamp drawn where it was on
 * screen. The geometry is the placement kernel's `drawPlan`; this file only draws (browser canvas,
 * or anything with the same few calls, as the tests pass).
 */
import { drawPlan, type ImagePx, type Size } from '@yinzhang/seal/placement';
import { baseName } from '../../files/download';
import { canvasToPng, context2d, loadImage } from '../../files/image';
import type { Placement, SignImage } from '../../store';

/** The canvas calls the composition makes; a browser CanvasRenderingContext2D has them all. */
export interface ComposeContext<I> {
  imageSmoothingEnabled: boolean;
  imageSmoothingQuality: 'low' | 'medium' | 'high';
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(radians: number): void;
  drawImage(image: I, dx: number, dy: number, dw: number, dh: number): void;
}

/** Draws the page, then each stamp in order (later ones on top), turned about its centre. */
export function composeSigned<I>(
  ctx: ComposeContext<I>,
  page: I,
  size: Size<ImagePx>,
  stamps: readonly { image: I; placement: Pick<Placement, 'box' | 'rotate'> }[],
): void {
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(page, 0, 0, size.width, size.height);
  for (const { image, placement } of stamps) {
    const plan = drawPlan(placement.box, placement.rotate, size);
    ctx.save();
    ctx.translate(plan.cx, plan.cy);
    ctx.rotate(plan.radians);
    ctx.drawImage(image, -plan.width / 2, -plan.height / 2, plan.width, plan.height);
    ctx.restore();
  }
}

/** `contract.jpg` -> `contract-signed.png`. */
export function signedFileName(name: string): string {
  return `${baseName(name)}-signed.png`;
}

export async function exportSigned(
  image: SignImage,
  placements: readonly Placement[],
): Promise<Blob> {
  const sources = [...new Set(placements.map((p) => p.src))];
  const [page, ...stampImages] = await Promise.all([image.url, ...sources].map(loadImage));
  if (!page) throw new Error('the image could not be read');
  const bySrc = new Map(sources.map((src, i) => [src, stampImages[i]]));
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const size = { width: image.width, height: image.height } as Size<ImagePx>;
  const stamps = placements.flatMap((placement) => {
    const img = bySrc.get(placement.src);
    return img ? [{ image: img as HTMLImageElement, placement }] : [];
  });
  composeSigned<HTMLImageElement>(context2d(canvas), page, size, stamps);
  return canvasToPng(canvas);
}
