/**
 * The app's modules import downwards only: features import the store and model/, never the other
 * way (issue 18: the store once imported features/tabs for a type, putting the store and dozens
 * of feature files in one import circle). Static `import … from`, `export … from` and dynamic
 * `import()` all count.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The files under `src/<layer>` that import anything under `src/<forbidden>`, as "file -> target". */
export function upwardImports(layer: string, forbidden: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(src, layer))) {
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = match[1] ?? '';
      if (!spec.startsWith('.')) continue;
      const target = path.relative(src, path.resolve(path.dirname(file), spec));
      if (forbidden.some((f) => target === f || target.startsWith(`${f}/`))) {
        found.push(`${path.relative(src, file)} -> ${target}`);
      }
    }
  }
  return found;
}

describe('import layers', () => {
  it.each([
    ['store', ['features', 'components', 'pages']],
    ['model', ['features', 'components', 'pages', 'store']],
    ['seal', ['features', 'components', 'pages', 'store']],
    ['files', ['features', 'components', 'pages', 'store']],
  ] as const)('%s imports nothing from %j', (layer, forbidden) => {
    expect(upwardImports(layer, forbidden)).toEqual([]);
  });

  it('finds an upward import when there is one (the scan itself works)', () => {
    // features import the store, so scanning features for the store must find something.
    expect(upwardImports('features', ['store']).length).toBeGreaterThan(0);
  });
});
