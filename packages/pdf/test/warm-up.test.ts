/**
 * The warm-up the browser's export worker runs before the user's file (warm-up.ts): a real PDF
 * of text pages with compressed content, stamped on every page without error; a bad image
 * rejects as placeAll does.
 */
import { describe, expect, it } from 'vitest';
import { readPdfInfo, warmUp, warmUpPdf } from '../src';
import { markedStamp } from './helpers/images';
import { qpdfCheck } from './helpers/raster';

describe('warm-up', () => {
  it('makes a PDF that qpdf accepts, with the pages asked for and compressed content', async () => {
    const pdf = await warmUpPdf(4);
    qpdfCheck(pdf);
    expect((await readPdfInfo(pdf)).pages).toHaveLength(4);
    expect(Buffer.from(pdf).toString('latin1')).toContain('/FlateDecode');
  });

  it('stamps every page of it with each image given, and with none', async () => {
    await expect(
      warmUp({ a: markedStamp(80, 80), b: markedStamp(40, 60) }),
    ).resolves.toBeUndefined();
    await expect(warmUp()).resolves.toBeUndefined();
  });

  it('rejects an image that is not one, as placeAll does', async () => {
    await expect(warmUp({ bad: Uint8Array.of(1, 2, 3) })).rejects.toMatchObject({
      code: 'BAD_IMAGE',
    });
  });
});
