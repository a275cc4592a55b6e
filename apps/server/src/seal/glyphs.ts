/// <reference path="../../../../packages/seal/src/svg/fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { SealFontKind, SealGlyphPainter } from '@yinzhang/seal';
import { parseUnicodeRange } from '@yinzhang/seal/svg';
import { create, type Font } from 'fontkit';

/**
 * Glyph outlines for the server's seal drawing, cached per font and character (issue 16: an
 * uncached /v1/stamp/create at 500 req/s). fillText cost most of a draw: Skia looked each
 * character up among the ~100 unicode-range files registered under one family, and rasterised
 * the glyph afresh for every size and angle (its glyph cache is keyed by both, and every seal
 * sets its name at its own size along its own arc). Measured on this machine, a 10-character
 * name of new characters: ~28 ms with fillText, a few ms with cached paths. The paths are the
 * same outlines from the same @fontsource files, filled by the same rasteriser, so the pixels
 * differ from fillText's only in anti-aliasing (test/seal-golden.test.ts).
 *
 * Each file is read and parsed once per thread, on the first character that needs it; each
 * outline is turned into a Path2D once. A character none of the files holds returns false, so
 * drawSeal falls back to fillText (and Skia's fallback fonts), as before.
 */

const require = createRequire(import.meta.url);

/** The stylesheets the browser imports, per font of the seal. */
const SHEETS: readonly { readonly css: string; readonly font: SealFontKind }[] = [
  { css: '@fontsource/noto-serif-sc/700.css', font: 'seal' },
  { css: '@fontsource/arimo/latin-700.css', font: 'code' },
];

/** One @font-face of a sheet: its file, and the code points it covers (null: all). */
interface Face {
  readonly font: SealFontKind;
  readonly file: string;
  readonly ranges: readonly (readonly [number, number])[] | null;
  parsed?: Font;
}

/** Every @font-face of the stylesheets, in their order (the order the browser tries them). */
export function sealFaces(): Face[] {
  return SHEETS.flatMap(({ css, font }) => {
    const path = require.resolve(css);
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => {
      const body = m[1] as string;
      const url = /url\(\s*['"]?([^'")]+\.woff2)/.exec(body);
      if (!url) throw new Error(`a @font-face in ${css} names no .woff2 file`);
      const range = /unicode-range:\s*([^;]+);/.exec(body);
      return {
        font,
        file: resolve(dirname(path), url[1] as string),
        ranges: range ? parseUnicodeRange(range[1] as string) : null,
      };
    });
  });
}

/** One outline command in font units, as fontkit gives it. */
type Command = { readonly command: string; readonly args: readonly number[] };

/** What painting an outline needs of a context: AlphaCanvas, or a Canvas 2D context. */
export interface OutlineContext {
  scale(x: number, y: number): void;
  translate(x: number, y: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  closePath(): void;
  fill(): void;
}

interface Outline {
  readonly commands: readonly Command[];
  /** Half the advance, in font units: fillText's textAlign center. */
  readonly halfAdvance: number;
  readonly unitsPerEm: number;
}

/**
 * Most outlines kept per thread. A name uses at most a few dozen characters; GB 2312 has ~6,800.
 * Past the bound the cache starts over (simpler than an LRU, and a refill costs ~0.1 ms a glyph
 * once its file is parsed).
 */
const OUTLINES_MAX = 8_000;

export class GlyphCache {
  readonly #faces: readonly Face[];
  /** `${font}:${code point}` to its outline, or null when no file holds it. */
  readonly #outlines = new Map<string, Outline | null>();

  constructor(faces: readonly Face[] = sealFaces()) {
    this.#faces = faces;
  }

  get size(): number {
    return this.#outlines.size;
  }

  outline(font: SealFontKind, char: string): Outline | null {
    const cp = char.codePointAt(0) ?? 0;
    const key = `${font}:${cp}`;
    let found = this.#outlines.get(key);
    if (found !== undefined) return found;
    found = this.#read(font, cp);
    if (this.#outlines.size >= OUTLINES_MAX) this.#outlines.clear();
    this.#outlines.set(key, found);
    return found;
  }

  #read(font: SealFontKind, cp: number): Outline | null {
    for (const face of this.#faces) {
      if (face.font !== font) continue;
      if (face.ranges && !face.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) continue;
      face.parsed ??= create(readFileSync(face.file));
      const f = face.parsed;
      if (!f.hasGlyphForCodePoint(cp)) continue;
      const glyph = f.glyphForCodePoint(cp);
      return {
        commands: glyph.path.commands.map(({ command, args }) => ({ command, args: [...args] })),
        halfAdvance: glyph.advanceWidth / 2,
        unitsPerEm: f.unitsPerEm,
      };
    }
    return null;
  }

  /** A drawSeal paintGlyph that fills the cached outline on `ctx`. */
  painter(ctx: OutlineContext): SealGlyphPainter {
    return (font, char, fontSizePx) => {
      const o = this.outline(font, char);
      if (o === null) return false;
      const f = fontSizePx / o.unitsPerEm;
      // Font units are y-up with the origin on the baseline at the left of the advance.
      ctx.scale(f, -f);
      ctx.translate(-o.halfAdvance, 0);
      replay(ctx, o.commands);
      return true;
    };
  }
}

function replay(ctx: OutlineContext, commands: readonly Command[]): void {
  ctx.beginPath();
  for (const { command, args: a } of commands) {
    switch (command) {
      case 'moveTo':
        ctx.moveTo(a[0] as number, a[1] as number);
        break;
      case 'lineTo':
        ctx.lineTo(a[0] as number, a[1] as number);
        break;
      case 'quadraticCurveTo':
        ctx.quadraticCurveTo(a[0] as number, a[1] as number, a[2] as number, a[3] as number);
        break;
      case 'bezierCurveTo':
        ctx.bezierCurveTo(
          a[0] as number,
          a[1] as number,
          a[2] as number,
          a[3] as number,
          a[4] as number,
          a[5] as number,
        );
        break;
      case 'closePath':
        ctx.closePath();
        break;
      default:
        throw new Error(`unexpected outline command ${command}`);
    }
  }
  ctx.fill();
}
