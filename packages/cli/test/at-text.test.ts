/** `yinzhang stamp --at-text` (关键字签章) on PDFs with Chinese text, judged by pdftoppm renders. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { cjkPdf } from '../../../test-support/cjk-pdf';
import { at, expectOneLine, makeInputs, redBoxes, yinzhang } from './helpers';

const A4 = { width: 595, height: 842 };
const MM = 72 / 25.4;

/** Within 3 pt (about 1 mm, 1.5 pixels of the 36 dpi render). */
function near(got: number | undefined, want: number) {
  expect(Math.abs((got ?? Number.NaN) - want)).toBeLessThan(3);
}

beforeAll(async () => {
  await makeInputs();
  // Page 1: 甲方 at (100, 700), one operator; page 2: 乙方 and 甲方 again, one operator per character.
  writeFileSync(
    at('contract.pdf'),
    cjkPdf([
      { runs: [{ text: '甲方（盖章）：', x: 100, y: 700, size: 20 }] },
      {
        runs: [
          { text: '乙方（盖章）：', x: 100, y: 300, size: 20, split: 'chars' },
          { text: '甲方（盖章）：', x: 320, y: 300, size: 20, split: 'chars' },
        ],
      },
    ]),
  );
});

/** The centre of the red on each page, in points from the page's top-left (square seal). */
async function redCentres(file: string) {
  return (await redBoxes(at(file))).map(
    (b) =>
      b && {
        x: (b.x + b.width / 2) * A4.width,
        y: b.y * A4.height + (b.width * A4.width) / 2,
        width: b.width * A4.width,
      },
  );
}

// The words' box: x from the first to the last character, y from 0.88 em above the baseline to 0.12 em below.
const wordsCentre = (x0: number, chars: number, baseline: number) => ({
  x: x0 + (chars * 20) / 2,
  y: A4.height - baseline - 20 * 0.38,
});

describe('stamp --at-text', () => {
  it('centres the seal on the first hit, says where and how many', async () => {
    const run = await yinzhang(
      ...['stamp', 'contract.pdf', '--image', 'seal.png', '--at-text', '甲方（盖章）'],
      ...['--width', '40mm', '-o', 'first.pdf'],
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/2 hits, stamping the first, on page 1/);
    const [one, two] = await redCentres('first.pdf');
    expect(two).toBeUndefined();
    const want = wordsCentre(100, 6, 700);
    near(one?.x, want.x);
    near(one?.y, want.y);
    near(one?.width, 40 * MM);
    // An incremental update: the original bytes come first, untouched.
    const original = readFileSync(at('contract.pdf'));
    expect(readFileSync(at('first.pdf')).subarray(0, original.length).equals(original)).toBe(true);
  });

  it('--all-hits stamps every hit, --dx/--dy move it (mm, right and down), half-width brackets match', async () => {
    const run = await yinzhang(
      ...['stamp', 'contract.pdf', '--image', 'seal.png', '--at-text', '(盖章)', '--all-hits'],
      ...['--width', '30mm', '--dx', '10', '--dy=-5mm', '-o', 'all.pdf'],
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/3 hits, stamping all \(page 1, 2\)/);
    const [one, two] = await redCentres('all.pdf');
    const want = wordsCentre(140, 4, 700);
    near(one?.x, want.x + 10 * MM);
    near(one?.y, want.y - 5 * MM);
    // Page 2 has two seals side by side: the red spans from the first's left to the second's right.
    const left = wordsCentre(140, 4, 300).x + 10 * MM - (30 * MM) / 2;
    const right = wordsCentre(360, 4, 300).x + 10 * MM + (30 * MM) / 2;
    near(two && two.x - two.width / 2, left);
    near(two && two.x + two.width / 2, right);
  });

  it.each([
    [['--at-text', '丙方（盖章）'], 1, /contract\.pdf: the text “丙方（盖章）” was not found/],
    [['--at-text', '甲方', '--page', '1'], 2, /--page does not go with --at-text/],
    [['--at-text', '甲方', '--dx', 'left'], 2, /--dx is an offset in mm/],
    [['--page', '1', '--x', '0', '--y', '0', '--all-hits'], 2, /--all-hits goes with --at-text/],
  ])('%j: exit %i, one line, no file', async (extra, code, message) => {
    const run = await yinzhang(
      ...['stamp', 'contract.pdf', '--image', 'seal.png', '--width', '40mm'],
      ...extra,
      ...['-o', 'none.pdf'],
    );
    expectOneLine(run, code, message);
    expect(existsSync(at('none.pdf'))).toBe(false);
  });
});
