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
 * Memory is bounded, for the seal workers' small heaps (SEAL_LIMITS.workerHeapMaxMb): fontkit
 * holds a parsed file's whole decoded glyph table (measured: touching all ~100 files of Noto Serif
 * SC took the heap to 160 MB), so at most FONTS_PARSED_MAX files stay parsed, and outlines are
 * kept packed in typed arrays (~2 KB a CJK glyph), OUTLINE_CACHE_BYTES in all, oldest out first.
 * A character none of the files holds returns false, so drawSeal falls back to fillText (and
 * Skia's fallback fonts), as before.
 */

const require = createRequire(import.meta.url);

/** The stylesheets the browser imports, per font of the seal. */
const SHEETS: readonly { readonly css: string; readonly font: SealFontKind }[] = [
  { css: '@fontsource/noto-serif-sc/700.css', font: 'seal' },
  { css: '@fontsource/arimo/latin-700.css', font: 'code' },
];

/** One @font-face of a sheet: its file, and the code points it covers (null: all). */
export interface Face {
  readonly font: SealFontKind;
  readonly file: string;
  readonly ranges: readonly (readonly [number, number])[] | null;
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

/** Packed outline opcodes (each followed by its coordinates in the same Float32Array). */
const MOVE = 0;
const LINE = 1;
const QUAD = 2;
const CUBIC = 3;
const CLOSE = 4;
const OPCODES: Readonly<Record<string, number>> = {
  moveTo: MOVE,
  lineTo: LINE,
  quadraticCurveTo: QUAD,
  bezierCurveTo: CUBIC,
  closePath: CLOSE,
};

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

export interface Outline {
  /** Opcodes and their coordinates in font units (y up), one after the other. */
  readonly packed: Float32Array;
  /** Half the advance, in font units: fillText's textAlign center. */
  readonly halfAdvance: number;
  readonly unitsPerEm: number;
}

/** Bytes of packed outlines kept per thread: ~5,000 CJK glyphs, most names' characters. */
const OUTLINE_CACHE_BYTES = 12 * 1024 * 1024;
/** Font files kept parsed per thread (a file holds ~140 characters; parsing one costs ~8 ms). */
const FONTS_PARSED_MAX = 2;

export class GlyphCache {
  readonly #faces: readonly Face[];
  /** `${font}:${code point}` to its outline, or null when no file holds it; oldest first. */
  readonly #outlines = new Map<string, Outline | null>();
  #bytes = 0;
  readonly #parsed = new Map<Face, Font>();
  readonly #cacheBytes: number;

  constructor(faces: readonly Face[] = sealFaces(), cacheBytes = OUTLINE_CACHE_BYTES) {
    this.#faces = faces;
    this.#cacheBytes = cacheBytes;
  }

  /** Outlines cached, their packed bytes, and files parsed (for tests and diagnostics). */
  stats(): { outlines: number; bytes: number; fontsParsed: number } {
    return { outlines: this.#outlines.size, bytes: this.#bytes, fontsParsed: this.#parsed.size };
  }

  outline(font: SealFontKind, char: string): Outline | null {
    const cp = char.codePointAt(0) ?? 0;
    const key = `${font}:${cp}`;
    const cached = this.#outlines.get(key);
    if (cached !== undefined) return cached;
    const found = this.#read(font, cp);
    const bytes = found?.packed.byteLength ?? 0;
    for (const [oldKey, old] of this.#outlines) {
      if (this.#bytes + bytes <= this.#cacheBytes) break;
      this.#outlines.delete(oldKey);
      this.#bytes -= old?.packed.byteLength ?? 0;
    }
    this.#outlines.set(key, found);
    this.#bytes += bytes;
    return found;
  }

  #font(face: Face): Font {
    let f = this.#parsed.get(face);
    if (f !== undefined) {
      // Most recently used last.
      this.#parsed.delete(face);
    } else {
      f = create(readFileSync(face.file));
      if (this.#parsed.size >= FONTS_PARSED_MAX) {
        const oldest = this.#parsed.keys().next().value as Face;
        this.#parsed.delete(oldest);
      }
    }
    this.#parsed.set(face, f);
    return f;
  }

  #read(font: SealFontKind, cp: number): Outline | null {
    for (const face of this.#faces) {
      if (face.font !== font) continue;
      if (face.ranges && !face.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) continue;
      const f = this.#font(face);
      if (!f.hasGlyphForCodePoint(cp)) continue;
      const glyph = f.glyphForCodePoint(cp);
      return {
        packed: pack(glyph.path.commands),
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
      replay(ctx, o.packed);
      return true;
    };
  }
}

function pack(
  commands: readonly { readonly command: string; readonly args: readonly number[] }[],
): Float32Array {
  let n = 0;
  for (const c of commands) n += 1 + c.args.length;
  const out = new Float32Array(n);
  let i = 0;
  for (const { command, args } of commands) {
    const op = OPCODES[command];
    if (op === undefined) throw new Error(`unexpected outline command ${command}`);
    out[i++] = op;
    for (const a of args) out[i++] = a;
  }
  return out;
}

function replay(ctx: OutlineContext, p: Float32Array): void {
  ctx.beginPath();
  let i = 0;
  while (i < p.length) {
    switch (p[i++]) {
      case MOVE:
        ctx.moveTo(p[i] as number, p[i + 1] as number);
        i += 2;
        break;
      case LINE:
        ctx.lineTo(p[i] as number, p[i + 1] as number);
        i += 2;
        break;
      case QUAD:
        ctx.quadraticCurveTo(
          p[i] as number,
          p[i + 1] as number,
          p[i + 2] as number,
          p[i + 3] as number,
        );
        i += 4;
        break;
      case CUBIC:
        ctx.bezierCurveTo(
          p[i] as number,
          p[i + 1] as number,
          p[i + 2] as number,
          p[i + 3] as number,
          p[i + 4] as number,
          p[i + 5] as number,
        );
        i += 6;
        break;
      default:
        ctx.closePath();
    }
  }
  ctx.fill();
}
