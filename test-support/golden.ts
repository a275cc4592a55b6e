import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { expect } from 'vitest';

/**
 * Compares a rendered PNG with the committed `<dir><file>.png`. On a mismatch the render and a
 * diff image are written next to the golden (<file>.actual.png, <file>.diff.png; git-ignored) to
 * look at. A missing golden fails, unless UPDATE_GOLDEN=1, which writes it: delete a golden and
 * run with UPDATE_GOLDEN=1 to accept a deliberate change, then look at the new image before
 * committing it. `maxDiffering` absorbs anti-aliasing differences between machines; a layout
 * change moves thousands of pixels.
 */
export function expectMatchesGolden(
  dir: string,
  file: string,
  png: Buffer,
  maxDiffering: number,
): void {
  const golden = `${dir}${file}.png`;
  const actualPath = `${dir}${file}.actual.png`;
  const diffPath = `${dir}${file}.diff.png`;
  if (!existsSync(golden)) {
    if (process.env.UPDATE_GOLDEN !== '1') {
      throw new Error(`missing ${golden}: run with UPDATE_GOLDEN=1 to write it, then look at it`);
    }
    writeFileSync(golden, png);
    return;
  }
  const expected = PNG.sync.read(readFileSync(golden));
  const actual = PNG.sync.read(png);
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  const diff = new PNG({ width: expected.width, height: expected.height });
  const differing = pixelmatch(
    expected.data,
    actual.data,
    diff.data,
    expected.width,
    expected.height,
    { threshold: 0.1 },
  );
  if (differing > maxDiffering) {
    writeFileSync(actualPath, png);
    writeFileSync(diffPath, PNG.sync.write(diff));
  } else {
    rmSync(actualPath, { force: true });
    rmSync(diffPath, { force: true });
  }
  expect(differing, `see ${diffPath}`).toBeLessThanOrEqual(maxDiffering);
}
