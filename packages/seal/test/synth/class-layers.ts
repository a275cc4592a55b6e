/**
 * The layers of the per-class synthetic photos (classes.ts): the product's round seal and the
 * invoice oval as ink coverage, thinner strokes, and red-orange things beside a seal.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { designFor } from '../../src/design';
import { drawDesignedSeal, planSeal } from '../../src/designer';
import { SEAL_ALPHA } from '../../src/draw';
import { planScale, type SealOutline } from '../../src/plan';
import type { Px } from '../../src/units';
import { TEXT_CJK_FAMILY, TEXT_LATIN_FAMILY } from './fonts';
import type { Rng } from './prng';
import { drawTestSeal, randomSealSpec } from './seal-source';

export const SIZE = 512;

function coverage(ctx: SKRSContext2D): Float32Array {
  const data = ctx.getImageData(0, 0, SIZE, SIZE).data;
  const out = new Float32Array(SIZE * SIZE);
  for (let i = 0; i < out.length; i++) out[i] = (data[i * 4 + 3] as number) / 255;
  return out;
}

export interface Placed {
  cover: Float32Array;
  cx: number;
  cy: number;
  /** Half extents of the seal's box. */
  rx: number;
  ry: number;
  /** The oval's paper between its two border lines, 0.5 px in from each (else absent). */
  ringGap?: Float32Array;
}

/** The product's round seal, `diameter` across, as ink coverage (without drawSeal's opacity). */
export function roundSeal(rand: Rng, diameter: number, cx: number, cy: number): Placed {
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  ctx.translate(cx, cy);
  ctx.rotate(rand.range(-0.3, 0.3));
  ctx.scale(diameter / 512, diameter / 512);
  ctx.translate(-256, -256);
  drawTestSeal(ctx, randomSealSpec(rand), 512);
  const cover = coverage(ctx);
  for (let i = 0; i < cover.length; i++) cover[i] = Math.min(1, (cover[i] as number) / SEAL_ALPHA);
  return { cover, cx, cy, rx: diameter / 2, ry: diameter / 2 };
}

/** A thin double border in pixels of the photo: the outer line, the inner line, the paper between. */
export interface DoubleRing {
  outerPx: number;
  innerPx: number;
  gapPx: number;
}

/**
 * 发票专用章: the 40x30 mm oval, `width` pixels across, with a thin double border drawn at the
 * pixel scale (`ring`): the designer's own outer line at the ring's width, and an inner line
 * `gapPx` inside it (the designer's double border keeps 0.5 mm between the lines, several pixels
 * here; the border clearance of 0.85 mm leaves room for the inner line before the name).
 */
export function ovalSeal(
  rand: Rng,
  width: number,
  cx: number,
  cy: number,
  ring: DoubleRing,
): Placed {
  const toPlan = 512 / width;
  const pxPerMm = planScale(512, 40);
  const design = designFor('invoice', {
    borderMm: (ring.outerPx * toPlan) / pxPerMm,
    opacity: 1,
    textScale: 1.25,
  });
  let code = '';
  for (let i = 0; i < 18; i++) code += String(rand.int(0, 9));
  const spec = randomSealSpec(rand);
  const plan = planSeal({ name: spec.name.slice(0, 14), title: '发票专用章', code }, design, 512);
  const outer = plan.outlines[0];
  if (outer?.kind !== 'ellipse') throw new Error('the invoice design has an elliptic border');
  const inset = ((ring.outerPx / 2 + ring.gapPx + ring.innerPx / 2) * toPlan) as Px;
  const inner: SealOutline = {
    kind: 'ellipse',
    rx: (outer.rx - inset) as Px,
    ry: (outer.ry - inset) as Px,
    lineWidth: (ring.innerPx * toPlan) as Px,
  };
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  ctx.translate(cx, cy);
  ctx.scale(width / 512, width / 512);
  ctx.translate(-256, -256);
  drawDesignedSeal(ctx, { ...plan, outlines: [outer, inner] }, design);
  const gap = createCanvas(SIZE, SIZE);
  const g = gap.getContext('2d');
  g.translate(cx, cy);
  g.scale(width / 512, width / 512);
  g.translate(-256, -256);
  g.lineWidth = Math.max(0.1, ring.gapPx - 1) * toPlan;
  const mid = ((ring.outerPx / 2 + ring.gapPx / 2) * toPlan) as Px;
  g.beginPath();
  g.ellipse(plan.centre.x, plan.centre.y, outer.rx - mid, outer.ry - mid, 0, 0, Math.PI * 2);
  g.stroke();
  return {
    cover: coverage(ctx),
    cx,
    cy,
    rx: width / 2,
    ry: (width * 0.75) / 2,
    ringGap: coverage(g),
  };
}

/** Min over a 3x3 window: strokes one pixel thinner on each side. */
export function erode(cover: Float32Array): Float32Array {
  const out = new Float32Array(cover.length);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let m = 1;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(SIZE - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(SIZE - 1, x + 1); xx++) {
          const v = cover[yy * SIZE + xx] as number;
          if (v < m) m = v;
        }
      }
      out[y * SIZE + x] = m;
    }
  }
  return out;
}

/** Red-orange things that are not the seal, on the far side from it: a badge, red print, form lines. */
export function decoys(rand: Rng, seal: Placed): Float32Array {
  const canvas = createCanvas(SIZE, SIZE);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.strokeStyle = '#000';
  const left = seal.cx > SIZE / 2;
  // The free band beside the seal, with a margin so that nothing touches it.
  const x0 = left ? 8 : seal.cx + seal.rx + 16;
  const x1 = left ? seal.cx - seal.rx - 16 : SIZE - 8;
  const bx = rand.range(x0 + 30, x1 - 30);
  const by = rand.range(60, SIZE - 60);
  const r = rand.range(18, 30);
  ctx.beginPath();
  ctx.arc(bx, by, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.globalCompositeOperation = 'destination-out';
  ctx.font = `700 ${(r * 1.1).toFixed(0)}px "${TEXT_LATIN_FAMILY}"`;
  ctx.textAlign = 'center';
  ctx.fillText(String(rand.int(1, 99)), bx, by + r * 0.38);
  ctx.globalCompositeOperation = 'source-over';
  // Form lines: a small table in the free band.
  ctx.lineWidth = rand.range(1, 2);
  const top = by > SIZE / 2 ? rand.range(20, 60) : rand.range(SIZE / 2 + 40, SIZE - 140);
  for (let k = 0; k < 4; k++) {
    ctx.beginPath();
    ctx.moveTo(x0, top + k * 28);
    ctx.lineTo(x1, top + k * 28);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.moveTo((x0 + x1) / 2, top);
  ctx.lineTo((x0 + x1) / 2, top + 84);
  ctx.stroke();
  // Red printed characters (an invoice number) in the first row of the table.
  ctx.font = `400 ${rand.range(14, 20).toFixed(0)}px "${TEXT_CJK_FAMILY}"`;
  ctx.textAlign = 'left';
  ctx.fillText(`No ${rand.int(10000000, 99999999)}`, x0 + 4, top + 22);
  return coverage(ctx);
}
