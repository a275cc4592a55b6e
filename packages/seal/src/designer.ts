import { SEAL_INK, type SealDesign } from './design';
import type { SealCanvasContext } from './draw';
import { codeFont, sealFont } from './fonts';
import { planOval } from './oval';
import { DEFAULT_PLAN_PX, type PlanInput, type SealOutline, type SealPlan } from './plan';
import { planRound } from './round';
import { planSquare } from './square';

/** Any designed seal: the plan for its shape, and drawing it with the standard Canvas 2D calls. */

export function planSeal(
  spec: PlanInput,
  design: SealDesign,
  sizePx: number = DEFAULT_PLAN_PX,
): SealPlan {
  if (design.shape === 'oval') return planOval(spec, design, sizePx);
  if (design.shape === 'square') return planSquare(spec, design, sizePx);
  return planRound(spec, design, sizePx);
}

/** Every character a designed seal draws with the seal face, and those drawn with the code face. */
export function planCharacters(plan: SealPlan): { seal: string; code: string } {
  const of = (font: 'seal' | 'code') => [
    ...new Set(
      plan.runs.filter((r) => r.font === font).flatMap((r) => r.glyphs.map((g) => g.char)),
    ),
  ];
  return { seal: of('seal').join(''), code: of('code').join('') };
}

/** A worn-ink speck: where ink is missing, as fractions of the canvas, and how much is missing. */
export interface AgingSpeck {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly alpha: number;
}

/** Small, fast, deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The aging texture: many small specks and a few faint blotches where the ink did not take. A pure
 * function of seed and strength, in canvas fractions, so every size of the same seal wears alike.
 */
export function agingSpecks(seed: number, strength: number): AgingSpeck[] {
  if (!(strength > 0)) return [];
  const next = random(seed);
  const out: AgingSpeck[] = [];
  const small = Math.round(2000 * strength);
  for (let i = 0; i < small; i++) {
    out.push({
      x: next(),
      y: next(),
      r: 0.0015 + next() * 0.005,
      alpha: 0.5 + next() * 0.5,
    });
  }
  const blotches = Math.round(14 * strength);
  for (let i = 0; i < blotches; i++) {
    out.push({ x: next(), y: next(), r: 0.03 + next() * 0.07, alpha: 0.12 + next() * 0.2 });
  }
  return out;
}

function outlinePath(ctx: SealCanvasContext, cx: number, cy: number, o: SealOutline): void {
  ctx.beginPath();
  if (o.kind === 'ellipse') {
    ctx.ellipse(cx, cy, o.rx, o.ry, 0, 0, 2 * Math.PI);
    return;
  }
  const { halfWidth: w, halfHeight: h, cornerRadius: r } = o;
  ctx.moveTo(cx - w + r, cy - h);
  ctx.lineTo(cx + w - r, cy - h);
  ctx.arc(cx + w - r, cy - h + r, r, -Math.PI / 2, 0);
  ctx.lineTo(cx + w, cy + h - r);
  ctx.arc(cx + w - r, cy + h - r, r, 0, Math.PI / 2);
  ctx.lineTo(cx - w + r, cy + h);
  ctx.arc(cx - w + r, cy + h - r, r, Math.PI / 2, Math.PI);
  ctx.lineTo(cx - w, cy - h + r);
  ctx.arc(cx - w + r, cy - h + r, r, Math.PI, (3 * Math.PI) / 2);
  ctx.closePath();
}

/**
 * Draws a designed seal into the square (0,0)-(sizePx,sizePx) of a transparent canvas: outlines,
 * star and text opaque in the design's ink, the aging specks taken out, then the whole square
 * multiplied by the design's opacity (uniform, as drawSeal does).
 * WARNING: like drawSeal, the last step clears whatever lies outside the square; give it a canvas
 * of its own. Fonts must be loaded first (planCharacters lists what to load).
 */
export function drawDesignedSeal(ctx: SealCanvasContext, plan: SealPlan, design: SealDesign): void {
  const ink = SEAL_INK[design.colour];
  const size = plan.sizePx;
  const { x: cx, y: cy } = plan.centre;
  ctx.save();
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  for (const o of plan.outlines) {
    ctx.lineWidth = o.lineWidth;
    outlinePath(ctx, cx, cy, o);
    ctx.stroke();
  }
  if (plan.star) {
    ctx.beginPath();
    plan.star.forEach((p, i) => {
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    });
    ctx.closePath();
    ctx.fill();
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (const run of plan.runs) {
    ctx.font = run.font === 'code' ? codeFont(run.fontSizePx) : sealFont(run.fontSizePx);
    for (const g of run.glyphs) {
      ctx.save();
      ctx.translate(g.x, g.y);
      ctx.rotate(g.angle);
      ctx.scale(g.hScale, 1);
      ctx.fillText(g.char, 0, 0);
      ctx.restore();
    }
  }
  const specks = agingSpecks(design.seed, design.aging);
  if (specks.length) {
    ctx.globalCompositeOperation = 'destination-out';
    for (const s of specks) {
      ctx.fillStyle = `rgba(0, 0, 0, ${s.alpha.toFixed(3)})`;
      ctx.beginPath();
      ctx.arc(s.x * size, s.y * size, s.r * size, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
  ctx.globalCompositeOperation = 'destination-in';
  ctx.fillStyle = `rgba(0, 0, 0, ${design.opacity})`;
  ctx.fillRect(0, 0, size, size);
  ctx.restore();
}
