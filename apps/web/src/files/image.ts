/** Browser-only image helpers: decoding and canvas export. */

/** An image element with `url` fully decoded (natural size known, ready to draw). */
export async function loadImage(url: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  await img.decode();
  return img;
}

/** A canvas as a PNG blob; fails when the browser cannot make one (a canvas too large for it). */
export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error(`cannot encode a ${canvas.width}x${canvas.height} PNG`));
    }, 'image/png');
  });
}

export function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas in this browser');
  return ctx;
}
