/**
 * Registers the seal fonts with @napi-rs/canvas: every .woff2 that the browser's @fontsource
 * stylesheets name, under the same family names, so the command line draws what the site draws.
 * Node-only. apps/server keeps its own copy; the command line must not depend on the server app.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import { CODE_FONT_FAMILY, SEAL_FONT_FAMILY } from '@yinzhang/seal';
import { stylesheetPath } from './font-sheets';

const STYLESHEETS = [
  { css: '@fontsource/noto-serif-sc/700.css', family: SEAL_FONT_FAMILY },
  { css: '@fontsource/arimo/latin-700.css', family: CODE_FONT_FAMILY },
] as const;

function fontFiles(cssPath: string): string[] {
  const css = readFileSync(cssPath, 'utf8');
  return [...css.matchAll(/url\(\s*['"]?([^'")]+\.woff2)['"]?\s*\)/g)].map((m) =>
    resolve(dirname(cssPath), m[1] as string),
  );
}

let registered = false;

export function registerSealFonts(): void {
  if (registered) return;
  for (const { css, family } of STYLESHEETS) {
    const files = fontFiles(stylesheetPath(css));
    if (files.length === 0) throw new Error(`no font files named in ${css}`);
    for (const file of files) {
      if (!GlobalFonts.registerFromPath(file, family))
        throw new Error(`could not register font ${file}`);
    }
  }
  registered = true;
}
