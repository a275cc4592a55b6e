/**
 * Where the seal fonts' stylesheets are. The built command line carries copies next to its bundle
 * (dist/fonts/, written by scripts/build.mjs: only the 700 weight's .woff2 files); run from the
 * sources, they come from the @fontsource packages in node_modules.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** `@fontsource/<dir>/<file>.css` → the path of that stylesheet. */
export function stylesheetPath(css: string): string {
  const [, dir, file] = /^@fontsource\/([^/]+)\/(.+)$/.exec(css) ?? [];
  if (dir && file) {
    // dist/main.js and dist/chunks/*.js both find dist/fonts.
    for (const base of ['./fonts/', '../fonts/']) {
      const path = fileURLToPath(new URL(`${base}${dir}/${file}`, import.meta.url));
      if (existsSync(path)) return path;
    }
  }
  return require.resolve(css);
}
