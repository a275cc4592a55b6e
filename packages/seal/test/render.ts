/** Node rendering for the seal package's own tests: @napi-rs/canvas with the @fontsource files. */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import {
  CODE_FONT_FAMILY,
  drawDesignedSeal,
  type PlanInput,
  planSeal,
  SEAL_FONT_FAMILY,
  type SealDesign,
} from '../src/index';
import { type FontSource, parseUnicodeRange } from '../src/svg/index';

const require = createRequire(import.meta.url);
const SHEETS = [
  { css: '@fontsource/noto-serif-sc/700.css', family: SEAL_FONT_FAMILY, font: 'seal' },
  { css: '@fontsource/arimo/latin-700.css', family: CODE_FONT_FAMILY, font: 'code' },
] as const;

function faces() {
  return SHEETS.flatMap((sheet) => {
    const path = require.resolve(sheet.css);
    const css = readFileSync(path, 'utf8');
    return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => {
      const body = m[1] as string;
      const url = /url\(\s*['"]?([^'")]+\.woff2)/.exec(body);
      const range = /unicode-range:\s*([^;]+);/.exec(body);
      return {
        ...sheet,
        file: resolve(dirname(path), (url?.[1] ?? '') as string),
        range: range ? (range[1] as string) : null,
      };
    });
  });
}

let registered = false;
function register() {
  if (registered) return;
  for (const f of faces()) GlobalFonts.registerFromPath(f.file, f.family);
  registered = true;
}

/** RGBA pixels and PNG bytes of a designed seal. */
export function renderDesigned(spec: PlanInput, design: SealDesign, sizePx = 512) {
  register();
  const canvas = createCanvas(sizePx, sizePx);
  const ctx = canvas.getContext('2d');
  ctx.lang = 'zh-CN';
  drawDesignedSeal(ctx, planSeal(spec, design, sizePx), design);
  return {
    rgba: ctx.getImageData(0, 0, sizePx, sizePx).data,
    png: canvas.toBuffer('image/png'),
  };
}

export function fontSources(): FontSource[] {
  return faces().map((f) => ({
    font: f.font,
    ranges: f.range ? parseUnicodeRange(f.range) : null,
    load: async () => new Uint8Array(await readFile(f.file)),
  }));
}
