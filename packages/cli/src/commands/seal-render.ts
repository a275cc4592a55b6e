/**
 * Drawing designed seals in Node: PNG through @napi-rs/canvas, SVG through the seal package's
 * fontkit export, both from the same @fontsource files the browser loads.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import {
  drawDesignedSeal,
  type PlanInput,
  planSeal,
  type SealDesign,
  sealImageMm,
} from '@yinzhang/seal';
import { type FontSource, parseUnicodeRange, sealSvg } from '@yinzhang/seal/svg';
import { stylesheetPath } from '../font-sheets';
import { registerSealFonts } from '../fonts';

export async function designedPng(
  spec: PlanInput,
  design: SealDesign,
  sizePx: number,
): Promise<Buffer> {
  registerSealFonts();
  const canvas = createCanvas(sizePx, sizePx);
  const ctx = canvas.getContext('2d');
  // The host's language would otherwise steer which registered face wins for shared code points.
  ctx.lang = 'zh-CN';
  drawDesignedSeal(ctx, planSeal(spec, design, sizePx), design);
  return canvas.encode('png');
}

const STYLESHEETS = [
  { css: '@fontsource/noto-serif-sc/700.css', font: 'seal' },
  { css: '@fontsource/arimo/latin-700.css', font: 'code' },
] as const;

/** Every .woff2 the browser's stylesheets name, with its unicode-range, as SVG font sources. */
export function nodeFontSources(): FontSource[] {
  return STYLESHEETS.flatMap(({ css, font }) => {
    const path = stylesheetPath(css);
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap((m): FontSource[] => {
      const body = m[1] as string;
      const url = /url\(\s*['"]?([^'")]+\.woff2)/.exec(body);
      if (!url) return [];
      const range = /unicode-range:\s*([^;]+);/.exec(body);
      const file = resolve(dirname(path), url[1] as string);
      return [
        {
          font,
          ranges: range ? parseUnicodeRange(range[1] as string) : null,
          load: async () => new Uint8Array(await readFile(file)),
        },
      ];
    });
  });
}

export async function designedSvg(
  spec: PlanInput,
  design: SealDesign,
  sizePx: number,
): Promise<string> {
  const plan = planSeal(spec, design, sizePx);
  return sealSvg(
    plan,
    design,
    nodeFontSources(),
    sealImageMm(Math.max(design.widthMm, design.heightMm)),
  );
}
