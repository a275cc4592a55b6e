/** Images to PDF: page sizes and orientation, margins, JPEG pass-through, EXIF orientation. */
import { PDF } from '@libpdf/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type ExifOrientation, imagesToPdf, jpegOrientation, mm } from '../src';
import { markedStamp } from './helpers/images';
import { findBox, isBlue, isRed, qpdfCheck, type Raster, renderPage } from './helpers/raster';

const pageSizes = async (pdf: Uint8Array) =>
  (await PDF.load(pdf)).getPages().map((p) => [Math.round(p.width), Math.round(p.height)]);

const stampPixels = (p: readonly [number, number, number]) => isRed(p) || isBlue(p);

/** A JPEG of the marked stamp, stored as it is, tagged with an EXIF orientation. */
async function taggedJpeg(orientation: ExifOrientation): Promise<Uint8Array> {
  return sharp(markedStamp(200, 100))
    .jpeg({ quality: 95 })
    .withMetadata({ orientation })
    .toBuffer();
}

/** How a raster shows the stamp: is it wide, and in which quarter is the blue marker? */
function look(img: Raster) {
  const all = findBox(img, stampPixels);
  const blue = findBox(img, isBlue);
  if (!all || !blue) throw new Error('stamp not found');
  const wide = all.width * img.width > all.height * img.height;
  const right = blue.x + blue.width / 2 > all.x + all.width / 2;
  const below = blue.y + blue.height / 2 > all.y + all.height / 2;
  return { wide, right, below };
}

describe('imagesToPdf', () => {
  const wide = markedStamp(200, 100);
  const tall = markedStamp(100, 200);
  const square = markedStamp(150, 150);

  it('makes one page per image, A4 turned to each image by default', async () => {
    const pdf = await imagesToPdf([{ bytes: wide }, { bytes: tall }, { bytes: square }]);
    expect(await pageSizes(pdf)).toEqual([
      [842, 595],
      [595, 842],
      [595, 842],
    ]);
    expect(qpdfCheck(pdf)).toMatch(/No syntax or stream encoding errors/);
  });

  it.each([
    ['letter', 'portrait', [612, 792]],
    ['letter', 'landscape', [792, 612]],
    ['a4', 'portrait', [595, 842]],
  ] as const)('%s %s', async (pageSize, orientation, expected) => {
    expect(
      await pageSizes(await imagesToPdf([{ bytes: wide }], { pageSize, orientation })),
    ).toEqual([expected]);
  });

  it('fit: the page is the image at 96 dpi plus the margins', async () => {
    const pdf = await imagesToPdf([{ bytes: wide }], { pageSize: 'fit', marginMm: mm(10) });
    const m = (10 / 25.4) * 72;
    expect(await pageSizes(pdf)).toEqual([[Math.round(150 + 2 * m), Math.round(75 + 2 * m)]]);
  });

  it('fits the image inside the margins, centred', async () => {
    const pdf = await imagesToPdf([{ bytes: tall }], { pageSize: 'a4', marginMm: mm(20) });
    const box = findBox(renderPage(pdf, 1), stampPixels);
    const mh = 20 / 297;
    // Tall image on portrait A4: the height is the limit.
    expect(box?.y).toBeCloseTo(mh, 2);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(1 - mh, 2);
    expect((box?.x ?? 0) + (box?.width ?? 0) / 2).toBeCloseTo(0.5, 2);
  });

  it('embeds JPEG bytes as they are', async () => {
    const jpeg = await taggedJpeg(1);
    const pdf = Buffer.from(await imagesToPdf([{ bytes: jpeg }]));
    expect(pdf.indexOf(Buffer.from(jpeg))).toBeGreaterThan(0);
  });

  it('refuses what is not PNG or JPEG', async () => {
    const webp = await sharp(wide).webp().toBuffer();
    await expect(imagesToPdf([{ bytes: webp }])).rejects.toMatchObject({ code: 'BAD_IMAGE' });
  });
});

describe('EXIF orientation', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8] as const)('orientation %d is read from the JPEG', async (o) => {
    expect(jpegOrientation(await taggedJpeg(o))).toBe(o);
  });

  it('no EXIF, or a PNG, reads as 1', () => {
    expect(jpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBe(1);
  });

  // sharp's rotate() applies EXIF orientation: it is the reference for how the photo should look.
  it.each([1, 2, 3, 4, 5, 6, 7, 8] as const)(
    'orientation %d shows the photo the way sharp does',
    async (o) => {
      const jpeg = await taggedJpeg(o);
      const { data, info } = await sharp(jpeg)
        .rotate()
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const expected = look({ width: info.width, height: info.height, data });
      const pdf = await imagesToPdf([{ bytes: jpeg }], { pageSize: 'fit' });
      expect(look(renderPage(pdf, 1))).toEqual(expected);
      expect(await pageSizes(pdf)).toEqual([o >= 5 ? [75, 150] : [150, 75]]);
    },
  );
});
