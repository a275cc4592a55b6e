/**
 * Writes docs/extraction/<class>.png: for one synthetic photo of each class of issue 17, the photo
 * and what extractSeal keeps with the defaults (over white), side by side, small and palette-coded.
 *
 *   node --import tsx bench/extract-gallery.ts [seed=5000]
 */
import { mkdirSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { extractSeal } from '../packages/seal/src/extract';
import { classPhoto, SYNTH_CLASSES } from '../packages/seal/test/synth/classes';

const seed = Number(process.argv[2] ?? 5000);
const PANEL = 144;
const dir = resolve(import.meta.dirname, '../docs/extraction');
mkdirSync(dir, { recursive: true });

for (const cls of SYNTH_CLASSES) {
  const p = await classPhoto(cls, seed);
  const out = extractSeal(p.rgba, p.width, p.height, { mode: 0, clarity: 'auto', red: 0 });
  // The result over white paper, as it would look printed.
  const over = Buffer.alloc(p.width * p.height * 3);
  for (let i = 0; i < p.width * p.height; i++) {
    const a = (out[i * 4 + 3] as number) / 255;
    for (let c = 0; c < 3; c++)
      over[i * 3 + c] = Math.round(255 * (1 - a) + (out[i * 4 + c] as number) * a);
  }
  const panel = (data: Buffer, channels: 3 | 4) =>
    sharp(data, { raw: { width: p.width, height: p.height, channels } })
      .removeAlpha()
      .resize(PANEL, PANEL, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
  const [left, right] = await Promise.all([panel(Buffer.from(p.rgba), 4), panel(over, 3)]);
  const file = join(dir, `${cls}.png`);
  await sharp({
    create: { width: PANEL * 2 + 4, height: PANEL, channels: 3, background: '#ffffff' },
  })
    .composite([
      { input: left, raw: { width: PANEL, height: PANEL, channels: 3 }, left: 0, top: 0 },
      { input: right, raw: { width: PANEL, height: PANEL, channels: 3 }, left: PANEL + 4, top: 0 },
    ])
    .png({ palette: true, colours: 32, dither: 0, compressionLevel: 9 })
    .toFile(`${file}.tmp`);
  renameSync(`${file}.tmp`, file);
  console.log(`wrote ${file}`);
}
