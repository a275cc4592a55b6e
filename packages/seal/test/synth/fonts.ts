/**
 * Registers the @fontsource files with @napi-rs/canvas for the synthetic photos:
 * the seal fonts under the names drawSeal asks for, and regular weights for printed text.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import { CODE_FONT_FAMILY, SEAL_FONT_FAMILY } from '../../src/fonts';

/** Printed body text families used by the generator (not part of the product). */
export const TEXT_CJK_FAMILY = 'Synth Text CJK';
export const TEXT_LATIN_FAMILY = 'Synth Text Latin';

let done = false;

function filesDir(pkg: string): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'files');
}

function registerMatching(dir: string, suffix: string, family: string): number {
  let count = 0;
  for (const f of readdirSync(dir)) {
    if (f.endsWith(suffix) && GlobalFonts.registerFromPath(join(dir, f), family)) count++;
  }
  return count;
}

export function registerSynthFonts(): void {
  if (done) return;
  const serif = filesDir('@fontsource/noto-serif-sc');
  const arimo = filesDir('@fontsource/arimo');
  const counts = [
    registerMatching(serif, '-700-normal.woff2', SEAL_FONT_FAMILY),
    registerMatching(arimo, '-700-normal.woff2', CODE_FONT_FAMILY),
    registerMatching(serif, '-400-normal.woff2', TEXT_CJK_FAMILY),
    registerMatching(arimo, '-400-normal.woff2', TEXT_LATIN_FAMILY),
  ];
  if (counts.some((c) => c === 0)) throw new Error(`font registration failed: ${counts.join(',')}`);
  done = true;
}
