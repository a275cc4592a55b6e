/**
 * Writes docs/extraction/<class>.png: for one synthetic photo of each class of issue 17, the photo
 * and what extractSeal keeps with the defaults (over white), side by side, small and palette-coded.
 *
 * The oval's double border is 1-2 px lines 1-2 px apart, too fine for a small panel: oval-rings.png
 * shows a piece of its left side at the photo's pixels, enlarged 4x without smoothing (photo |
 * result), for this seed's photo and the next, where fused rings would show as one thick line.
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
/** Side of the oval border's close-up, in the photo's pixels. */
const ZOOM_PX = 40;
const dir = resolve(import.meta.dirname, '../docs/extraction');
mkdirSync(dir, { recursive: true });

/** The result over white paper, as it would look printed (RGB). */
function overWhite(out: Uint8ClampedArray): Buffer {
  const over = Buffer.alloc((out.length / 4) * 3);
  for (let i = 0; i < out.length / 4; i++) {
    const a = (out[i * 4 + 3] as number) / 255;
    for (let c = 0; c < 3; c++)
      over[i * 3 + c] = Math.round(255 * (1 - a) + (out[i * 4 + c] as number) * a);
  }
  return over;
}

for (const cls of SYNTH_CLASSES) {
  const p = await classPhoto(cls, seed);
  const over = overWhite(
    extractSeal(p.rgba, p.width, p.height, { mode: 0, clarity: 'auto', red: 0 }),
  );
  const panel = (data: Buffer, channels: 3 | 4) =>
    sharp(data, { raw: { width: p.width, height: p.height, channels } })
      .removeAlpha()
      .resize(PANEL, PANEL, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
  const [left, right] = await Promise.all([panel(Buffer.from(p.rgba), 4), panel(over, 3)]);
  await sideBySide(join(dir, `${cls}.png`), left, right, PANEL, PANEL);
}

// The oval border close-ups: this seed's photo and the next, one above the other.
const rows: Buffer[] = [];
for (const rowSeed of [seed, seed + 1]) {
  const p = await classPhoto('oval', rowSeed);
  const over = overWhite(
    extractSeal(p.rgba, p.width, p.height, { mode: 0, clarity: 'auto', red: 0 }),
  );
  // The left side of the border at the middle row: the truth's first pixel there.
  const mid = p.height >> 1;
  let x = 0;
  while (x < p.width && p.truth[mid * p.width + x] === 0) x++;
  const box = {
    left: Math.max(0, x - ZOOM_PX / 4),
    top: mid - ZOOM_PX / 2,
    width: ZOOM_PX,
    height: ZOOM_PX,
  };
  const zoom = (data: Buffer, channels: 3 | 4) =>
    sharp(data, { raw: { width: p.width, height: p.height, channels } })
      .removeAlpha()
      .extract(box)
      .resize(ZOOM_PX * 4, ZOOM_PX * 4, { kernel: 'nearest' })
      .raw()
      .toBuffer();
  rows.push(...(await Promise.all([zoom(Buffer.from(p.rgba), 4), zoom(over, 3)])));
}
const side = ZOOM_PX * 4;
const file = join(dir, 'oval-rings.png');
await sharp({
  create: { width: side * 2 + 4, height: side * 2 + 4, channels: 3, background: '#ffffff' },
})
  .composite(
    rows.map((input, k) => ({
      input,
      raw: { width: side, height: side, channels: 3 as const },
      left: (k % 2) * (side + 4),
      top: (k >> 1) * (side + 4),
    })),
  )
  .png({ palette: true, colours: 32, dither: 0, compressionLevel: 9 })
  .toFile(`${file}.tmp`);
renameSync(`${file}.tmp`, file);
console.log(`wrote ${file}`);

async function sideBySide(file: string, left: Buffer, right: Buffer, w: number, h: number) {
  await sharp({ create: { width: w * 2 + 4, height: h, channels: 3, background: '#ffffff' } })
    .composite([
      { input: left, raw: { width: w, height: h, channels: 3 }, left: 0, top: 0 },
      { input: right, raw: { width: w, height: h, channels: 3 }, left: w + 4, top: 0 },
    ])
    .png({ palette: true, colours: 32, dither: 0, compressionLevel: 9 })
    .toFile(`${file}.tmp`);
  renameSync(`${file}.tmp`, file);
  console.log(`wrote ${file}`);
}
