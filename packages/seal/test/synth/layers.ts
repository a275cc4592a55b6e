/**
 * Vector layers of a synthetic photo, each rendered alone so that its mask is exact:
 * the seal, printed text lines and a handwritten signature.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { SealSpec } from '../../src/spec';
import { TEXT_CJK_FAMILY, TEXT_LATIN_FAMILY } from './fonts';
import type { Rng } from './prng';
import { drawTestSeal, randomSealSpec } from './seal-source';

/** Coverage 0..1 per pixel (alpha of the layer drawn alone). */
function coverage(ctx: SKRSContext2D, size: number, scale = 1): Float32Array {
  const data = ctx.getImageData(0, 0, size, size).data;
  const out = new Float32Array(size * size);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.min(1, ((data[i * 4 + 3] as number) / 255) * scale);
  return out;
}

export interface SealLayer {
  spec: SealSpec;
  /** Seal alpha as drawn (0..1, seal alpha 0.9 at full cover). */
  alpha: Float32Array;
  diameter: number;
  cx: number;
  cy: number;
  angle: number;
}

export function sealLayer(rand: Rng, size: number): SealLayer {
  const spec = randomSealSpec(rand);
  const diameter = size * rand.range(0.55, 0.98);
  const slack = (size - diameter) / 2;
  const cx = size / 2 + rand.range(-1, 1) * (slack + size * 0.03);
  const cy = size / 2 + rand.range(-1, 1) * (slack + size * 0.03);
  const angle = rand.range(-Math.PI, Math.PI) * (rand.chance(0.5) ? 1 : 0.1);
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  ctx.translate(cx, cy);
  ctx.rotate(angle);
  ctx.scale(diameter / 512, diameter / 512);
  ctx.translate(-256, -256);
  drawTestSeal(ctx, spec, 512);
  return { spec, alpha: coverage(ctx, size), diameter, cx, cy, angle };
}

const CJK_TEXT =
  '甲乙双方经友好协商就本合同项下货物买卖事宜达成如下协议以资共同遵守本合同自签字盖章之日起生效一式两份各执一份具有同等法律效力付款方式交货地点验收标准违约责任争议解决';
const LATIN_WORDS = [
  'Agreement',
  'No.',
  '2024',
  'Party',
  'A',
  'B',
  'invoice',
  'total',
  'RMB',
  'amount',
  'signed',
  'date:',
  'Ltd.',
  'Co.,',
  'payment',
  'terms',
  '12,800.00',
];

function textLine(rand: Rng, chars: string[]): { text: string; cjk: boolean } {
  if (rand.chance(0.65)) {
    let s = '';
    for (let i = rand.int(12, 40); i > 0; i--) {
      s += rand.chance(0.06) ? rand.pick(['，', '。', '：', ' ', '1', '5', '0']) : rand.pick(chars);
    }
    return { text: s, cjk: true };
  }
  const words: string[] = [];
  for (let i = rand.int(5, 16); i > 0; i--) words.push(rand.pick(LATIN_WORDS));
  return { text: words.join(' '), cjk: false };
}

/** Printed text lines, slightly rotated with the photo. Returns coverage 0..1. */
export function textLayer(
  rand: Rng,
  size: number,
  tilt: number,
  density: { lines: [number, number]; px: [number, number] } = { lines: [0, 9], px: [11, 30] },
): Float32Array {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  const lines = rand.int(...density.lines);
  const px = rand.range(...density.px);
  const chars = Array.from(CJK_TEXT);
  ctx.translate(size / 2, size / 2);
  ctx.rotate(tilt);
  ctx.translate(-size / 2, -size / 2);
  ctx.fillStyle = '#000';
  let y = rand.range(-0.2, 0.5) * size;
  if (density.lines[0] > 0) y = rand.range(0, 0.1) * size;
  for (let i = 0; i < lines && y < size * 1.1; i++) {
    const { text, cjk } = textLine(rand, chars);
    ctx.font = `400 ${px.toFixed(1)}px "${cjk ? TEXT_CJK_FAMILY : TEXT_LATIN_FAMILY}"`;
    ctx.fillText(text, rand.range(-0.3, 0.2) * size, y);
    y += px * rand.range(1.4, 2.4);
  }
  return coverage(ctx, size);
}

/**
 * A handwritten signature: one to three pen strokes, each traced by turning a pen whose curvature
 * wanders (a sum of random sines), pulled back toward writing left to right.
 */
export function signatureLayer(
  rand: Rng,
  size: number,
  across: { cx: number; cy: number; diameter: number },
): Float32Array {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#000';
  const width = rand.range(1.5, 5);
  const slope = rand.range(-0.35, 0.35);
  const half = across.diameter / 2;
  let x = across.cx - half * rand.range(0.6, 1.2);
  // The baseline passes through the seal, so the pen crosses the ink.
  const baseline = across.cy + half * rand.range(-0.6, 0.6) - slope * across.cx;
  const strokes = rand.int(1, 3);
  for (let s = 0; s < strokes; s++) {
    const waves = Array.from({ length: 3 }, () => ({
      amp: rand.range(0.01, 0.07),
      freq: rand.range(0.005, 0.04),
      phase: rand.range(0, Math.PI * 2),
    }));
    let y = baseline + slope * x + rand.range(-0.05, 0.05) * size;
    let heading = rand.range(-0.5, 0.5);
    const length = across.diameter * rand.range(0.5, 1.2);
    ctx.lineWidth = width * rand.range(0.8, 1.2);
    ctx.beginPath();
    ctx.moveTo(x, y);
    for (let t = 0; t < length; t += 1.5) {
      let turn = 0;
      for (const w of waves) turn += w.amp * Math.sin(w.freq * t + w.phase);
      // Steer back toward the slanted baseline and toward writing rightward.
      const off = y - (baseline + slope * x);
      turn += -0.001 * off - 0.03 * Math.sin(heading - Math.atan(slope));
      heading += turn;
      x += 1.5 * Math.cos(heading);
      y += 1.5 * Math.sin(heading);
      ctx.lineTo(x, y);
    }
    ctx.stroke();
    x += size * rand.range(0.02, 0.1);
  }
  return coverage(ctx, size);
}
