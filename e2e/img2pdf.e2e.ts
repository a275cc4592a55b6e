import { readFileSync } from 'node:fs';
import { PDF } from '@libpdf/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';
import { pageSizes } from './pdfs';

type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** An image drawn in the page (a coloured field with a dark corner), encoded by the app.browser. */
async function drawImage(
  page: Page,
  type: ImageType,
  width: number,
  height: number,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ([type, width, height]) => {
      const canvas = new OffscreenCanvas(width, height);
      const g = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      g.fillStyle = '#d9e8f5';
      g.fillRect(0, 0, width, height);
      g.fillStyle = '#1f2328';
      g.fillRect(0, 0, width / 4, height / 4);
      const blob = await canvas.convertToBlob({ type, quality: 0.9 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    [type, width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** The JPEG with an EXIF APP1 segment saying "turn 90° clockwise to view" (orientation 6). */
function withExifOrientation6(jpeg: Buffer): Buffer {
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // big-endian TIFF header, IFD at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    0x06,
    0x00,
    0x00, // Orientation = 6
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xe1]),
    length,
    body,
    jpeg.subarray(2),
  ]);
}

async function names(list: Locator): Promise<string[]> {
  return list.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt') ?? ''));
}

describe('/pdf: 图片转PDF', () => {
  const app = useApp();

  it('makes a three-page A4 PDF from three images (JPG, PNG, WebP)', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, `${app.server.url}/pdf`);
    await page.getByRole('tab', { name: '图片转PDF' }).click();
    const files = [
      {
        name: 'one.jpg',
        mimeType: 'image/jpeg',
        buffer: await drawImage(page, 'image/jpeg', 400, 300),
      },
      {
        name: 'two.png',
        mimeType: 'image/png',
        buffer: await drawImage(page, 'image/png', 200, 400),
      },
      {
        name: 'three.webp',
        mimeType: 'image/webp',
        buffer: await drawImage(page, 'image/webp', 300, 300),
      },
    ];
    await page.getByLabel('选择图片', { exact: true }).setInputFiles(files);
    const list = page.getByRole('list', { name: '图片（按页面顺序）' });
    await expect.poll(() => names(list)).toEqual(['one.jpg', 'two.png', 'three.webp']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '生成PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^images-\d{8}-\d{6}\.pdf$/);
    const doc = await PDF.load(readFileSync(await file.path()));
    // A4, turned to match each image: the first is wider than tall.
    expect(pageSizes(doc)).toEqual([
      [842, 595],
      [595, 842],
      [595, 842],
    ]);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('keeps the order chosen, pages the size of the image, EXIF turned, JPEG bytes untouched', async () => {
    const { context, page } = await openPage(app.browser, `${app.server.url}/pdf`);
    await page.getByRole('tab', { name: '图片转PDF' }).click();
    const photo = withExifOrientation6(await drawImage(page, 'image/jpeg', 400, 300));
    const files = [
      { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo },
      {
        name: 'tall.png',
        mimeType: 'image/png',
        buffer: await drawImage(page, 'image/png', 200, 400),
      },
      {
        name: 'square.webp',
        mimeType: 'image/webp',
        buffer: await drawImage(page, 'image/webp', 300, 300),
      },
    ];
    await page.getByLabel('选择图片', { exact: true }).setInputFiles(files);

    const alert = new Promise<string>((resolve) => {
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      });
    });
    await page.getByLabel('选择图片', { exact: true }).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    expect(await alert).toBe('Please select an image file');

    const list = page.getByRole('list', { name: '图片（按页面顺序）' });
    await expect.poll(() => names(list)).toEqual(['photo.jpg', 'tall.png', 'square.webp']);
    await page.getByRole('button', { name: '上移 square.webp' }).click();
    await expect.poll(() => names(list)).toEqual(['photo.jpg', 'square.webp', 'tall.png']);

    await page.getByRole('radio', { name: '与图片相同' }).check();
    expect(await page.getByRole('radio', { name: '横向' }).isDisabled()).toBe(true);
    await page.getByLabel('页边距（毫米）').fill('0');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '生成PDF' }).click();
    const bytes = readFileSync(await (await download).path());
    const doc = await PDF.load(bytes);
    // Pixels at CSS resolution (0.75 pt each); the photo is 400 x 300 stored, 300 x 400 seen.
    expect(pageSizes(doc)).toEqual([
      [225, 300],
      [225, 225],
      [150, 300],
    ]);
    // The JPEG is embedded byte for byte (no re-encoding).
    expect(bytes.includes(photo)).toBe(true);
    await page.getByRole('status').filter({ hasText: '已生成 3 页' }).waitFor();
    await context.close();
  });
});
