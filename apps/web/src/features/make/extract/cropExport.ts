/**
 * Draws the chosen crop of the photo onto a 512x512 canvas and encodes it as PNG (browser only;
 * unit tests replace this module). Areas outside the photo are white, like the paper around a seal.
 */
import { SEAL_CANVAS_PX } from '@yinzhang/seal';
import { type Area, centredArea, cropMatrix } from './cropGeometry';

export interface CropChoice {
  /** From the cropper; null until it has measured the photo (then the centred default is used). */
  area: Area | null;
  rotation: number;
}

async function loadImage(src: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = src;
  await img.decode();
  return img;
}

export async function exportCrop(src: string, choice: CropChoice): Promise<Blob> {
  const img = await loadImage(src);
  const natural = { width: img.naturalWidth, height: img.naturalHeight };
  const area = choice.area ?? centredArea(natural, choice.rotation);
  if (area.width <= 0 || area.height <= 0) throw new Error('The crop is empty');

  const canvas = document.createElement('canvas');
  canvas.width = SEAL_CANVAS_PX;
  canvas.height = SEAL_CANVAS_PX;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, SEAL_CANVAS_PX, SEAL_CANVAS_PX);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.setTransform(...cropMatrix(area, natural, choice.rotation, SEAL_CANVAS_PX));
  ctx.drawImage(img, 0, 0);

  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the crop'))),
      'image/png',
    );
  });
}
