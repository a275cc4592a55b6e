/** The placement flags `stamp` and `sign` share: parsing, errors naming the flag, the placement made. */
import { parseArgs } from 'node:util';
import type { PdfPt } from '@yinzhang/pdf';
import type { Size } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../src/errors';
import {
  PLACEMENT_OPTIONS,
  pageIndex,
  pastTheEnd,
  placementFlags,
  placementHelp,
  placeOnPage,
} from '../src/placement-options';

const parse = (args: string[]) =>
  parseArgs({ args, options: PLACEMENT_OPTIONS, allowPositionals: true, strict: true });
const A4 = { width: 595.28, height: 841.89 } as Size<PdfPt>;
const LANDSCAPE = { width: 841.89, height: 595.28 } as Size<PdfPt>;
const MM_42 = (42 * 72) / 25.4;

describe('placementFlags', () => {
  it.each([
    [['--x', '0.6', '--y', '0.7', '--width', '0.2'], { x: 0.6, y: 0.7, size: { fraction: 0.2 } }],
    [['--x', '0', '--y', '1', '--width', '42mm'], { x: 0, y: 1, size: { mm: 42 } }],
    [['--x', '0.5', '--y', '0.5', '--width', '1', '--rotate', '270'], { rotate: 270 }],
    [['--x', '0.5', '--y', '0.5', '--width', '30 MM'], { size: { mm: 30 }, rotate: 0 }],
  ])('%j', (args, expected) => {
    expect(placementFlags(parse(args))).toMatchObject(expected);
  });

  it.each([
    [['--y', '0.5', '--width', '0.2'], /--x is required/],
    [['--x', '0.5', '--width', '0.2'], /--y is required/],
    [['--x', '0.5', '--y', '0.5'], /--width is required/],
    [['--x', '1.5', '--y', '0.5', '--width', '0.2'], /--x is a fraction of the page, 0 to 1/],
    [['--x', 'left', '--y', '0.5', '--width', '0.2'], /--x needs a number \(got "left"\)/],
    [['--x', '0', '--y=-0.1', '--width', '0.2'], /--y is a fraction/],
    [['--x', '0', '--y', '0', '--width', '2'], /--width is a fraction of the page width/],
    [['--x', '0', '--y', '0', '--width', '0mm'], /--width .*got 0mm/],
    [['--x', '0', '--y', '0', '--width', '0.2', '--rotate', '45'], /--rotate is 0, 90, 180 or 270/],
  ])('%j: %s', (args, message) => {
    const run = () => placementFlags(parse(args));
    expect(run).toThrow(UsageError);
    expect(run).toThrow(message);
  });
});

describe('pageIndex', () => {
  it.each([
    ['1', 0],
    ['12', 11],
  ])('--page %s is index %i', (text, index) => {
    expect(pageIndex(text)).toBe(index);
  });

  it.each(['0', '-1', '1.5', 'first', ''])('--page %j is refused', (text) => {
    expect(() => pageIndex(text)).toThrow(UsageError);
  });

  it('names the file and its page count past the end', () => {
    expect(pastTheEnd(8, 'three.pdf', 3)).toBe('--page 9: three.pdf has 3 pages');
  });
});

describe('placeOnPage', () => {
  const flags = (width: string, rotate = '0') =>
    placementFlags(parse(['--x', '0.6', '--y', '0.7', '--width', width, '--rotate', rotate]));
  it.each([
    // [width flag, page, image w x h, expected width and height as fractions of the page]
    ['0.2', A4, [512, 512], 0.2, (0.2 * 595.28) / 841.89],
    ['0.2', A4, [400, 200], 0.2, (0.1 * 595.28) / 841.89],
    ['42mm', A4, [512, 512], MM_42 / 595.28, MM_42 / 841.89],
    ['42mm', LANDSCAPE, [512, 512], MM_42 / 841.89, MM_42 / 595.28],
    ['42mm', A4, [200, 400], MM_42 / 595.28, (2 * MM_42) / 841.89],
  ] as const)('--width %s on %j, image %j', (width, page, [w, h], fw, fh) => {
    const placed = placeOnPage(
      flags(width),
      { index: 4, page },
      { id: 'seal', width: w, height: h },
    );
    expect(placed).toMatchObject({ page: 4, image: 'seal', x: 0.6, y: 0.7, rotate: 0 });
    expect(placed.width).toBeCloseTo(fw, 9);
    expect(placed.height).toBeCloseTo(fh, 9);
  });

  it('keeps the rotation', () => {
    const placed = placeOnPage(
      flags('0.2', '90'),
      { index: 0, page: A4 },
      { id: 's', width: 1, height: 1 },
    );
    expect(placed.rotate).toBe(90);
  });
});

describe('placementHelp', () => {
  it('names every shared flag, in the words of the command', () => {
    const help = placementHelp('seal', 'sign');
    for (const flag of Object.keys(PLACEMENT_OPTIONS)) expect(help).toContain(`--${flag}`);
    expect(help).toContain('the page to sign, from 1');
    expect(help).toContain("the seal's top-left corner");
  });
});
