/**
 * Whether an extracted stamp kept nothing (every pixel transparent): the photo holds no seal at
 * that setting, and the screen says 未找到印章 instead of offering an empty stamp.
 */
export async function isBlankImage(blob: Blob): Promise<boolean> {
  // Without image decoding (unit tests in jsdom) nothing can be said: treat it as a stamp.
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function')
    return false;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    return false;
  }
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return false;
  return true;
}
