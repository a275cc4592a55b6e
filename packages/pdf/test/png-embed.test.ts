/**
 * Every valid PNG colour type × bit depth × tRNS embeds as a stamp and renders right in pdftoppm
 * (a regression of the move to @libpdf/core, whose PNG reader refused palette images). The PNGs are
 * written in code; pngjs is the second opinion on the decoded samples, pdftoppm on the rendering.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageFraction } from '@yinzhang/seal/placement';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { signingKeyFromCryptoKey, signPdf, stampPdf } from '../src';
import { decodePngSamples } from '../src/png';
import { createSelfSigned } from '../src/sign/selfsigned';
import { type ColourType, encodePng, type RawPng } from './helpers/png-encode';
import {
  isBlack,
  isBlue,
  isRed,
  pixel,
  qpdfCheck,
  type Rgb,
  renderPage,
  scratch,
} from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';
import { pdfsig, placement, samplePdf } from './helpers/signing';

const W = 24;
const H = 12;
type Depth = RawPng['depth'];

/** Left half "ink", right half "background"; with `transparent`, the background is see-through. */
function sealPng(colourType: ColourType, depth: Depth, transparent: boolean): Uint8Array {
  const max = 2 ** depth - 1;
  const inkLeft = (x: number) => x < W / 2;
  switch (colourType) {
    case 3: {
      // Red at the highest index and blue at 0, so every bit of a packed index is exercised.
      const palette = Array.from(
        { length: 2 ** depth },
        () => [128, 128, 128] as [number, number, number],
      );
      palette[0] = [0, 40, 230];
      palette[max] = [230, 0, 18];
      return encodePng({
        width: W,
        height: H,
        colourType,
        depth,
        palette,
        samples: (x) => [inkLeft(x) ? max : 0],
        ...(transparent ? { trns: [0] } : {}),
      });
    }
    case 0:
      return encodePng({
        width: W,
        height: H,
        colourType,
        depth,
        samples: (x) => [inkLeft(x) ? 0 : max],
        ...(transparent ? { trns: [max] } : {}),
      });
    case 2:
      return encodePng({
        width: W,
        height: H,
        colourType,
        depth,
        samples: (x) => (inkLeft(x) ? [max, 0, 0] : [0, 0, max]),
        ...(transparent ? { trns: [0, 0, max] } : {}),
      });
    case 4:
      return encodePng({
        width: W,
        height: H,
        colourType,
        depth,
        samples: (x) => (inkLeft(x) ? [0, max] : [max, 0]),
      });
    case 6:
      return encodePng({
        width: W,
        height: H,
        colourType,
        depth,
        samples: (x) => (inkLeft(x) ? [max, 0, 0, max] : [0, 0, max, 0]),
      });
  }
}

interface Case {
  readonly colourType: ColourType;
  readonly depth: Depth;
  readonly transparent: boolean;
}
const depths: Record<ColourType, readonly Depth[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const cases: Case[] = ([0, 2, 3, 4, 6] as const).flatMap((colourType) =>
  depths[colourType].flatMap((depth) =>
    // Types 4 and 6 carry alpha themselves (tRNS is not allowed on them).
    (colourType >= 4 ? [true] : [false, true]).map((transparent) => ({
      colourType,
      depth,
      transparent,
    })),
  ),
);

const isGreen = ([r, g, b]: Rgb) => g > 100 && r < 60 && b < 60;
const isWhite = ([r, g, b]: Rgb) => r > 220 && g > 220 && b > 220;
const f = (n: number) => n as PageFraction;

/** A green A4 page with the seal stamped in its middle, half the page wide. */
async function stampOnGreen(image: Uint8Array, width = W, height = H): Promise<Uint8Array> {
  const page = buildPdf([{ mediaBox: [0, 0, 595, 842], content: '0 0.6 0 rg 0 0 595 842 re f' }]);
  const h = (0.5 * 595 * height) / width / 842;
  return stampPdf(page, {
    images: { stamp: image },
    placements: [
      {
        page: 0,
        image: 'stamp',
        x: f(0.25),
        y: f(0.5 - h / 2),
        width: f(0.5),
        height: f(h),
        rotate: 0,
      },
    ],
  });
}

/** The rendered colours at the middle of the seal's left and right halves. */
function halves(pdf: Uint8Array): { left: Rgb; right: Rgb } {
  const img = renderPage(pdf, 1, 36);
  const y = Math.round(img.height / 2);
  return {
    left: pixel(img, Math.round(img.width * 0.375), y),
    right: pixel(img, Math.round(img.width * 0.625), y),
  };
}

describe('every PNG colour type and depth embeds as a stamp', () => {
  it.each(cases)('colour type $colourType, $depth-bit, transparent $transparent', async (c) => {
    const png = sealPng(c.colourType, c.depth, c.transparent);
    // The samples agree with pngjs (8-bit RGBA; 16-bit may round differently by one; the colour
    // of a fully transparent pixel does not matter).
    const ours = decodePngSamples(png);
    const theirs = PNG.sync.read(Buffer.from(png));
    const n = ours.colorSpace === 'DeviceRGB' ? 3 : 1;
    for (let i = 0; i < W * H; i++) {
      for (let ch = 0; ch < 3 && theirs.data[i * 4 + 3] !== 0; ch++) {
        const got = ours.pixels[i * n + (n === 3 ? ch : 0)] as number;
        expect(Math.abs(got - (theirs.data[i * 4 + ch] as number))).toBeLessThanOrEqual(1);
      }
      expect(ours.alpha ? ours.alpha[i] : 255).toBe(theirs.data[i * 4 + 3]);
    }

    const out = await stampOnGreen(png);
    qpdfCheck(out);
    const { left, right } = halves(out);
    const grey = c.colourType === 0 || c.colourType === 4;
    expect(grey ? isBlack(left) : isRed(left), `left ${left}`).toBe(true);
    const background = c.transparent ? isGreen : grey ? isWhite : isBlue;
    expect(background(right), `right ${right}`).toBe(true);
  });

  it.each([
    { name: '1-bit palette (convert xc:red)', args: ['-size', '50x50', 'xc:red'] },
    {
      name: 'interlaced RGB',
      args: ['-size', '50x50', 'xc:red', '-interlace', 'PNG', '-define', 'png:color-type=2'],
    },
    {
      name: '16-bit grey',
      args: ['-size', '50x50', 'xc:black', '-depth', '16', '-define', 'png:color-type=0'],
    },
  ])('ImageMagick: $name', async ({ args }) => {
    const file = join(scratch, `im-${Math.random().toString(36).slice(2)}.png`);
    execFileSync('convert', [...args, file]);
    const out = await stampOnGreen(new Uint8Array(readFileSync(file)), 50, 50);
    qpdfCheck(out);
    const { left, right } = halves(out);
    const ink = args.includes('xc:red') ? isRed : isBlack;
    expect(ink(left), `left ${left}`).toBe(true);
    expect(ink(right), `right ${right}`).toBe(true);
  });

  // fast-png reads Adam7 only at 8 bits and more; 1/2/4-bit interlaced files are read by png.ts.
  it.each([
    { name: '1-bit palette', args: ['-size', '50x50', 'xc:red'], out: 'png:' },
    {
      name: '1-bit grey',
      args: ['-size', '37x23', 'pattern:checkerboard', '-type', 'bilevel'],
      out: 'png:',
    },
    {
      name: '2-bit grey',
      args: [
        '-size',
        '41x29',
        'gradient:black-white',
        '-colors',
        '4',
        '-colorspace',
        'gray',
        '-define',
        'png:color-type=0',
        '-depth',
        '2',
      ],
      out: 'png:',
    },
    {
      name: '4-bit grey',
      args: [
        '-size',
        '41x29',
        'gradient:black-white',
        '-define',
        'png:color-type=0',
        '-define',
        'png:bit-depth=4',
      ],
      out: 'png:',
    },
    {
      name: '2-bit palette',
      args: ['-size', '41x29', 'gradient:red-blue', '-colors', '3', '-define', 'png:bit-depth=2'],
      out: 'PNG8:',
    },
    {
      name: '8-bit palette with alpha',
      args: [
        '-size',
        '41x29',
        'xc:red',
        '-alpha',
        'set',
        '-channel',
        'A',
        '-fx',
        'i<20?1:0',
        '+channel',
      ],
      out: 'PNG8:',
    },
  ])('interlaced $name: the samples agree with pngjs', ({ args, out }) => {
    const file = join(scratch, `interlaced-${Math.random().toString(36).slice(2)}.png`);
    execFileSync('convert', [...args, '-interlace', 'PNG', `${out}${file}`]);
    const png = new Uint8Array(readFileSync(file));
    expect(png[28]).toBe(1); // interlace method: Adam7
    const ours = decodePngSamples(png);
    const theirs = PNG.sync.read(Buffer.from(png));
    const n = ours.colorSpace === 'DeviceRGB' ? 3 : 1;
    for (let i = 0; i < ours.width * ours.height; i++) {
      expect(ours.alpha ? ours.alpha[i] : 255).toBe(theirs.data[i * 4 + 3]);
      if (theirs.data[i * 4 + 3] === 0) continue;
      for (let ch = 0; ch < 3; ch++) {
        const got = ours.pixels[i * n + (n === 3 ? ch : 0)] as number;
        expect(Math.abs(got - (theirs.data[i * 4 + ch] as number))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('an interlaced 1-bit palette PNG stamps red', async () => {
    const file = join(scratch, 'interlaced-red.png');
    execFileSync('convert', ['-size', '50x50', 'xc:red', '-interlace', 'PNG', file]);
    const out = await stampOnGreen(new Uint8Array(readFileSync(file)), 50, 50);
    qpdfCheck(out);
    const { left, right } = halves(out);
    expect(isRed(left) && isRed(right), `${left} ${right}`).toBe(true);
  });

  it('a 1-bit palette PNG is a signature appearance too (pdfsig valid, red where placed)', async () => {
    const file = join(scratch, 'palette-seal.png');
    execFileSync('convert', ['-size', '50x50', 'xc:red', file]);
    const made = await createSelfSigned({ commonName: 'Palette', years: 1 });
    const signed = await signPdf(await samplePdf(1), {
      key: signingKeyFromCryptoKey(made.privateKey, made.chain),
      appearance: { image: new Uint8Array(readFileSync(file)), placement: placement(0) },
    });
    qpdfCheck(signed);
    expect(pdfsig(signed)).toMatchObject([{ valid: true }]);
    const img = renderPage(signed, 1, 36);
    // placement(0): x 0.55..0.8, y 0.7 down by a quarter of the width.
    const at = pixel(img, Math.round(img.width * 0.67), Math.round(img.height * 0.78));
    expect(isRed(at), `seal ${at}`).toBe(true);
  });
});
