/** Re-encodes an image the browser can decode (WebP) as PNG, through a canvas, keeping its pixels. */
export async function imageToPng(image: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(image);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas in this browser');
    ctx.drawImage(bitmap, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
        'image/png',
      ),
    );
  } finally {
    bitmap.close();
  }
}
