import { codeFont, sealFont } from './fonts';
import { layoutSeal, type SealGlyph, type SealTextRun } from './layout';
import { SEAL_CANVAS_PX } from './limits';
import type { SealSpec } from './spec';

/** Seal red. */
export const SEAL_RED = '#e60012';
/** Opacity of the ink in the finished image (SPEC: red, 0.9 alpha). */
export const SEAL_ALPHA = 0.9;

/**
 * The part of the Canvas 2D API drawSeal uses. A browser CanvasRenderingContext2D and an
 * @napi-rs/canvas SKRSContext2D are both assignable to it. Style properties are typed `unknown`
 * where the DOM's types (gradients, patterns) would pull the DOM library into this package; they
 * are only ever written here.
 */
export interface SealCanvasContext {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  globalAlpha: number;
  globalCompositeOperation: string;
  font: string;
  textAlign: string;
  textBaseline: string;
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  ellipse(
    x: number,
    y: number,
    radiusX: number,
    radiusY: number,
    rotation: number,
    startAngle: number,
    endAngle: number,
  ): void;
  fill(): void;
  stroke(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
}

/** Which of the seal's two fonts a glyph is set in. */
export type SealFontKind = 'seal' | 'code';

/**
 * Paints one glyph as fillText would (textAlign center, alphabetic baseline at the origin) in the
 * context's current transform and fill style, or returns false to leave it to fillText. The server
 * fills cached outline paths here: fillText made Skia look the glyph up among ~100 registered font
 * files and rasterise it afresh at every new angle and size (see apps/server/src/seal/glyphs.ts).
 */
export type SealGlyphPainter = (font: SealFontKind, char: string, fontSizePx: number) => boolean;

export interface DrawSealOptions {
  sizePx?: number;
  paintGlyph?: SealGlyphPainter | undefined;
}

function drawRun(
  ctx: SealCanvasContext,
  run: SealTextRun | null,
  kind: SealFontKind,
  paint: SealGlyphPainter | undefined,
) {
  if (!run) return;
  ctx.font = kind === 'seal' ? sealFont(run.fontSizePx) : codeFont(run.fontSizePx);
  run.glyphs.forEach((g: SealGlyph) => {
    ctx.save();
    ctx.translate(g.x, g.y);
    ctx.rotate(g.angle);
    ctx.scale(g.hScale, 1);
    if (!paint?.(kind, g.char, run.fontSizePx)) ctx.fillText(g.char, 0, 0);
    ctx.restore();
  });
}

/**
 * Draws the seal into the square (0,0)-(sizePx,sizePx) of a transparent canvas.
 *
 * Everything is painted opaque first and the whole square is then multiplied by SEAL_ALPHA, so the
 * ink's alpha is the same everywhere even where anti-aliased edges or glyph contours overlap.
 * WARNING: that last step uses 'destination-in', which by the Canvas spec also clears whatever lies
 * outside the square; give drawSeal a canvas of its own.
 * Fonts must be loaded before calling (the browser awaits document.fonts.load, the server registers
 * the files), or the text falls back to another face.
 */
export function drawSeal(
  ctx: SealCanvasContext,
  spec: SealSpec,
  options: DrawSealOptions = {},
): void {
  const size = options.sizePx ?? SEAL_CANVAS_PX;
  const layout = layoutSeal(spec, size);
  ctx.save();
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.fillStyle = SEAL_RED;
  ctx.strokeStyle = SEAL_RED;

  const { border, star, centre } = layout;
  ctx.lineWidth = border.lineWidth;
  ctx.beginPath();
  ctx.arc(centre.x, centre.y, border.radius, 0, 2 * Math.PI);
  ctx.stroke();

  ctx.beginPath();
  star.points.forEach((p, i) => {
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
  ctx.closePath();
  ctx.fill();

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  drawRun(ctx, layout.name, 'seal', options.paintGlyph);
  drawRun(ctx, layout.title, 'seal', options.paintGlyph);
  drawRun(ctx, layout.code, 'code', options.paintGlyph);

  ctx.globalCompositeOperation = 'destination-in';
  ctx.fillStyle = `rgba(0, 0, 0, ${SEAL_ALPHA})`;
  ctx.fillRect(0, 0, size, size);
  ctx.restore();
}
