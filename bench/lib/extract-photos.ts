import sharp from 'sharp';
import { sealPhotoJpeg } from '../../apps/server/test/fixtures/images';
import { classPhoto, SYNTH_CLASSES } from '../../packages/seal/test/synth/classes';

export interface BenchPhoto {
  readonly name: string;
  readonly rgba: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/**
 * The photos extraction speed is judged on: one per synthetic class (seed 1000, the `extract`
 * section's), then the server bench's 512x512 seal photo decoded to RGBA (last).
 */
export async function extractBenchPhotos(): Promise<BenchPhoto[]> {
  const photos: BenchPhoto[] = [];
  for (const cls of SYNTH_CLASSES) {
    const p = await classPhoto(cls, 1000);
    photos.push({ name: cls, rgba: p.rgba, width: p.width, height: p.height });
  }
  const server = await sharp(await sealPhotoJpeg({ width: 512, height: 512 }))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  photos.push({
    name: 'server photo',
    rgba: new Uint8Array(server.data.buffer, server.data.byteOffset, server.data.length),
    width: server.info.width,
    height: server.info.height,
  });
  return photos;
}
