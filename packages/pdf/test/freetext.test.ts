import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfString } from '@libpdf/core';
import { type FontSource, glyphOutlines, parseUnicodeRange } from '@yinzhang/seal/svg';
import { describe, expect, it } from 'vitest';
import {
  needsOutlines,
  type OutlineOf,
  outlineFreeText,
  parseDefaultAppearance,
  svgPathToPdf,
} from '../src/freetext';
import { pixel, qpdfCheck, type Raster, renderPage } from './helpers/raster';

const require = createRequire(import.meta.url);

/** The app's own Noto Serif SC Bold slices, as @fontsource/noto-serif-sc/700.css names them. */
function fontsourceOutlines(): OutlineOf {
  const cssPath = require.resolve('@fontsource/noto-serif-sc/700.css');
  const css = readFileSync(cssPath, 'utf8');
  const sources: FontSource[] = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => {
    const body = m[1] as string;
    const url = /url\(\s*['"]?([^'")]+\.woff2)/.exec(body)?.[1] as string;
    const range = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    const file = resolve(dirname(cssPath), url);
    return {
      font: 'seal',
      ranges: range ? parseUnicodeRange(range) : null,
      load: async () => new Uint8Array(readFileSync(file)),
    };
  });
  const outline = glyphOutlines(sources);
  return (char) => outline('seal', char).catch(() => null);
}

const RECT = [100, 600, 340, 650] as const;
const TEXT = '甲方盖章\n已审核';

/**
 * A page with a FreeText note shaped as pdf.js's editor saves Chinese text (seen in the e2e run):
 * /Contents in UTF-16, /DA naming /Helv, and no appearance stream at all, since pdf.js cannot
 * write these characters in Helvetica. Poppler then makes its own appearance from /DA and shows
 * nothing ("found character that the font can't represent").
 */
async function pdfjsStyleNote(
  text = TEXT,
  rect: readonly number[] = RECT,
  rotate = 0,
): Promise<Uint8Array> {
  const pdf = PDF.create();
  const page = pdf.addPage({ width: 595, height: 842 });
  const numbers = (n: readonly number[]) => PdfArray.of(...n.map((v) => PdfNumber.of(v)));
  const annot = PdfDict.of({
    Type: PdfName.of('Annot'),
    Subtype: PdfName.of('FreeText'),
    Rect: numbers(rect),
    DA: PdfString.fromString('/Helv 20 Tf 1 0 0 rg'),
    // As pdf.js writes it: a hex string (UTF-16BE when the text needs it).
    Contents: new PdfString(PdfString.fromString(text).bytes, 'hex'),
    F: PdfNumber.of(4),
    Border: numbers([0, 0, 0]),
    Rotate: PdfNumber.of(rotate),
  });
  page.dict.set('Annots', PdfArray.of(pdf.register(annot)));
  return pdf.save();
}

const DPI = 72;
/** Red ink (the note's colour) inside the note's rectangle, in pixels at 72 dpi. */
function redInk(img: Raster): number {
  const [x1, y1, x2, y2] = RECT;
  let n = 0;
  for (let y = img.height - y2; y < img.height - y1; y++) {
    for (let x = x1; x < x2; x++) {
      const [r, g, b] = pixel(img, x, y);
      if (r > 150 && g < 110 && b < 110) n++;
    }
  }
  return n;
}

describe('needsOutlines', () => {
  it.each([
    ['Approved', false],
    ['Café ÿ', false],
    ['甲方', true],
    ['Total €5', true],
    ['', false],
  ])('%j -> %s', (text, expected) => expect(needsOutlines(text)).toBe(expected));
});

describe('parseDefaultAppearance', () => {
  it.each([
    ['/Helv 20 Tf 1 0 0 rg', { size: 20, rgb: [1, 0, 0] }],
    ['/Helv 10.5 Tf 0.2 g', { size: 10.5, rgb: [0.2, 0.2, 0.2] }],
    ['0 0 1 rg /F1 8 Tf', { size: 8, rgb: [0, 0, 1] }],
    ['', { size: 10, rgb: [0, 0, 0] }],
    ['/Helv 0 Tf', { size: 10, rgb: [0, 0, 0] }],
  ])('%j', (da, expected) => expect(parseDefaultAppearance(da)).toEqual(expected));
});

describe('svgPathToPdf', () => {
  it.each([
    ['M0 0L10 0L10 10Z', '0 0 m\n10 0 l\n10 10 l\nh'],
    ['M0 0Q3 3 6 0Z', '0 0 m\n2 2 4 2 6 0 c\nh'],
    ['M1 2C3 4 5 6 7 8Z', '1 2 m\n3 4 5 6 7 8 c\nh'],
    ['M0 0 10 10', '0 0 m\n10 10 l'],
    ['M-1.5 .5L2e1 0', '-1.5 0.5 m\n20 0 l'],
    ['', ''],
  ])('%j', (d, expected) => expect(svgPathToPdf(d)).toBe(expected));
});

describe('outlineFreeText: Chinese in a pdf.js FreeText note, rendered by poppler', () => {
  const outlines = fontsourceOutlines();

  it('shows nothing before (the issue) and the glyphs after', async () => {
    const before = await pdfjsStyleNote();
    expect(redInk(renderPage(before, 1, DPI))).toBe(0);
    const { bytes, rewritten } = await outlineFreeText(before, outlines);
    expect(rewritten).toBe(1);
    expect(qpdfCheck(bytes)).toMatch(/No syntax or stream encoding errors/);
    const ink = redInk(renderPage(bytes, 1, DPI));
    // Six bold characters at 20 pt fill several hundred pixels at 72 dpi.
    expect(ink).toBeGreaterThan(300);
    // Appended, not rewritten: the original bytes are the file's start, and the note is still there.
    expect(Buffer.from(bytes.subarray(0, before.length)).equals(Buffer.from(before))).toBe(true);
    const doc = await PDF.load(bytes);
    expect(doc.getPage(0)?.getAnnotations()).toHaveLength(1);
  });

  it('leaves a Latin-only note and its bytes as they were', async () => {
    const before = await pdfjsStyleNote('Approved');
    const { bytes, rewritten } = await outlineFreeText(before, outlines);
    expect(rewritten).toBe(0);
    expect(bytes).toBe(before);
  });

  it('draws the text below the top of the note, line by line', async () => {
    const { bytes } = await outlineFreeText(await pdfjsStyleNote('甲\n\n乙'), outlines);
    const img = renderPage(bytes, 1, DPI);
    const [x1, , x2, y2] = RECT;
    const rowsWithInk: number[] = [];
    for (let y = img.height - y2; y < img.height - RECT[1]; y++) {
      for (let x = x1; x < x2; x++) {
        const [r, g, b] = pixel(img, x, y);
        if (r > 150 && g < 110 && b < 110) {
          rowsWithInk.push(y - (img.height - y2));
          break;
        }
      }
    }
    // 甲 in the first line (rows 2-22), an empty line, 乙 would start at 2 + 2*27 = 56: outside.
    expect(rowsWithInk.length).toBeGreaterThan(5);
    expect(Math.min(...rowsWithInk)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...rowsWithInk)).toBeLessThan(30);
  });
});

describe('outlineFreeText on a note turned with its page (/Rotate, as pdf.js writes it)', () => {
  const outlines = fontsourceOutlines();
  const SQUARE = [100, 400, 340, 640] as const;

  /** Red ink in each half of the square note at 72 dpi. */
  function halves(img: Raster) {
    const [x1, y1, x2, y2] = SQUARE;
    const mid = { x: (x1 + x2) / 2, y: img.height - (y1 + y2) / 2 };
    const ink = { top: 0, bottom: 0, left: 0, right: 0, outside: 0 };
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const [r, g, b] = pixel(img, x, y);
        if (!(r > 150 && g < 110 && b < 110)) continue;
        if (x < x1 || x >= x2 || y < img.height - y2 || y >= img.height - y1) {
          ink.outside++;
          continue;
        }
        if (y < mid.y) ink.top++;
        else ink.bottom++;
        if (x < mid.x) ink.left++;
        else ink.right++;
      }
    }
    return ink;
  }

  // The text's first line runs along the side that is "up" for the note: the top edge unturned,
  // the left edge at 90° (the text reads downwards), the bottom at 180°, the right at 270°.
  it.each([
    { rotate: 0, near: 'top', far: 'bottom' },
    { rotate: 90, near: 'left', far: 'right' },
    { rotate: 180, near: 'bottom', far: 'top' },
    { rotate: 270, near: 'right', far: 'left' },
  ] as const)('/Rotate $rotate: the ink sits at the $near', async ({ rotate, near, far }) => {
    const before = await pdfjsStyleNote('甲方盖章已审核', SQUARE, rotate);
    const { bytes } = await outlineFreeText(before, outlines);
    const ink = halves(renderPage(bytes, 1, DPI));
    expect(ink.outside).toBe(0);
    expect(ink[near]).toBeGreaterThan(300);
    expect(ink[far]).toBe(0);
  });
});
