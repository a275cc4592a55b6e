import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import {
  AlphaCanvas,
  CODE_FONT_FAMILY,
  drawSeal,
  SEAL_CANVAS_PX,
  SEAL_FONT_FAMILY,
  SEAL_RED,
  type TCreateSeal,
  UnsupportedDrawing,
} from '@yinzhang/seal';
import { GlyphCache } from './glyphs';
import { encodeAlphaRowsPng, encodeOneColourPng, parseHexColour } from './png';

/**
 * Server-side seal rendering on @napi-rs/canvas with the same font files the browser loads.
 * Node-only; the drawing itself is packages/seal's drawSeal.
 */

const require = createRequire(import.meta.url);

/** The stylesheets the browser imports, and the family each one's files are registered under. */
export const SEAL_STYLESHEETS = [
  { css: '@fontsource/noto-serif-sc/700.css', family: SEAL_FONT_FAMILY },
  { css: '@fontsource/arimo/latin-700.css', family: CODE_FONT_FAMILY },
] as const;

/** Absolute paths of the .woff2 files a @fontsource stylesheet names, in its order. */
export function fontFilesFromCss(cssPath: string): string[] {
  const css = readFileSync(cssPath, 'utf8');
  const dir = dirname(cssPath);
  return [...css.matchAll(/url\(\s*['"]?([^'")]+\.woff2)['"]?\s*\)/g)].map((m) =>
    resolve(dir, m[1] as string),
  );
}

let registered = false;

/**
 * Registers every face once. @napi-rs/canvas picks, per glyph, among the files registered under
 * one family, so the unicode-range slices together behave like the whole font.
 */
export function registerSealFonts(): void {
  if (registered) return;
  for (const { css, family } of SEAL_STYLESHEETS) {
    const files = fontFilesFromCss(require.resolve(css));
    if (files.length === 0) throw new Error(`no font files named in ${css}`);
    for (const file of files) {
      if (!GlobalFonts.registerFromPath(file, family)) {
        throw new Error(`could not register font ${file}`);
      }
    }
  }
  registered = true;
}

/**
 * One canvas per thread, cleared and reset for every seal: a new 1 MB canvas per draw left its
 * native pixels to the garbage collector, which a worker's small heap does not see, so a burst of
 * draws held hundreds of MB (measured under `npm run load -- --bombs`). Drawing is synchronous,
 * so one canvas per thread is never shared by two draws.
 */
let reused: SKRSContext2D | undefined;

function freshContext(): SKRSContext2D {
  if (reused === undefined) reused = createCanvas(SEAL_CANVAS_PX, SEAL_CANVAS_PX).getContext('2d');
  else reused.reset(); // transparent pixels and the default state, as a new canvas has
  return reused;
}

/**
 * Draws a seal with Skia and fillText: what every seal used to be, and still the way for a seal
 * with a character none of the seal's font files holds (Skia then finds one among the system's
 * fonts, which the outline cache does not read).
 */
export function renderSealPngWithCanvas(spec: TCreateSeal): Buffer {
  registerSealFonts();
  const ctx = freshContext();
  // The host's language would otherwise steer which registered face wins for shared code points.
  ctx.lang = 'zh-CN';
  drawSeal(ctx, spec, { sizePx: SEAL_CANVAS_PX });
  const { data } = ctx.getImageData(0, 0, SEAL_CANVAS_PX, SEAL_CANVAS_PX);
  return encodeOneColourPng(data, SEAL_CANVAS_PX, SEAL_CANVAS_PX, INK);
}

const INK = parseHexColour(SEAL_RED);

/** Outlines of the glyphs drawn so far on this thread, and the buffer seals are drawn into. */
let glyphs: GlyphCache | undefined;
let alphaCanvas: AlphaCanvas | undefined;
/** PNG scanlines, reused: deflate has consumed them before the next seal is drawn. */
let scanlines: Uint8Array | undefined;

/**
 * A 512x512 PNG of the seal. Deterministic: the same spec gives the same bytes. Drawn into an
 * alpha buffer from cached glyph outlines (see AlphaCanvas for why and the measurements); a seal
 * that needs something AlphaCanvas does not do (a character outside the seal's fonts) is drawn
 * with the canvas instead.
 */
export function renderSealPng(spec: TCreateSeal): Buffer {
  return renderSeal(spec).png;
}

/** renderSealPng, and whether the seal needed the canvas (see there). */
export function renderSeal(spec: TCreateSeal): { png: Buffer; drawnWithCanvas: boolean } {
  glyphs ??= new GlyphCache();
  alphaCanvas ??= new AlphaCanvas(SEAL_CANVAS_PX, SEAL_CANVAS_PX);
  const ctx = alphaCanvas;
  ctx.reset();
  try {
    drawSeal(ctx, spec, { sizePx: SEAL_CANVAS_PX, paintGlyph: glyphs.painter(ctx) });
  } catch (err) {
    if (err instanceof UnsupportedDrawing) {
      return { png: renderSealPngWithCanvas(spec), drawnWithCanvas: true };
    }
    throw err;
  }
  scanlines ??= new Uint8Array((SEAL_CANVAS_PX + 1) * SEAL_CANVAS_PX);
  const rows = ctx.alphaRows(1, scanlines);
  return {
    png: encodeAlphaRowsPng(rows, SEAL_CANVAS_PX, SEAL_CANVAS_PX, INK),
    drawnWithCanvas: false,
  };
}
