/**
 * The /pdf viewer decodes JPEG 2000 images (its openjpeg WebAssembly). The viewer's runtime comes
 * from pdfjs-viewer-element and its decoders from the pdfjs-dist we pin for it (root package.json
 * `overrides`, for Node 20): this proves the pair works together. The JP2 file is made by
 * ImageMagick (`convert`, Debian's imagemagick, which has OpenJPEG).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF, PdfDict, PdfName, PdfNumber, PdfStream } from '@libpdf/core';
import type { Frame, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';

const work = mkdtempSync(join(tmpdir(), 'yinzhang-jpx-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A page filled by one JPX image: seal red on the left half, blue on the right. */
async function jpxPdf(): Promise<Buffer> {
  const jp2 = join(work, 'halves.jp2');
  execFileSync('convert', [
    '-size',
    '200x200',
    'xc:#e60012',
    '-fill',
    '#0000ff',
    '-draw',
    'rectangle 100,0 199,199',
    jp2,
  ]);
  const doc = PDF.create();
  const page = doc.addPage({ width: 400, height: 400 });
  const image = PdfStream.fromDict(
    {
      Type: PdfName.of('XObject'),
      Subtype: PdfName.of('Image'),
      Width: PdfNumber.of(200),
      Height: PdfNumber.of(200),
      Filter: PdfName.of('JPXDecode'),
    },
    readFileSync(jp2),
  );
  page.dict.set('Resources', PdfDict.of({ XObject: PdfDict.of({ Im: doc.register(image) }) }));
  const content = new TextEncoder().encode('q 400 0 0 400 0 0 cm /Im Do Q');
  page.dict.set('Contents', doc.register(PdfStream.fromDict({}, content)));
  return Buffer.from(await doc.save());
}

async function viewerFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('about:srcdoc'))).toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith('about:srcdoc'));
  if (!frame) throw new Error('no viewer frame');
  return frame;
}

/** RGBA at fractions of the first page's canvas. */
function pixelAt(frame: Frame, x: number, y: number): Promise<number[]> {
  return frame.evaluate(
    ([fx, fy]) => {
      const canvas = document.querySelector('#viewer .page canvas') as HTMLCanvasElement | null;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx) return [];
      const at = ctx.getImageData(
        Math.floor(canvas.width * fx),
        Math.floor(canvas.height * fy),
        1,
        1,
      );
      return [...at.data];
    },
    [x, y] as const,
  );
}

describe('/pdf viewer: JPEG 2000 images', () => {
  const app = useApp();

  it('draws a JPX image in its colours', async () => {
    const { page } = await openPage(app.browser, app.server.url);
    await page.getByRole('navigation').getByRole('link', { name: 'PDF工具' }).click();
    await page.getByLabel('选择PDF', { exact: true }).setInputFiles({
      name: 'jpx.pdf',
      mimeType: 'application/pdf',
      buffer: await jpxPdf(),
    });
    const frame = await viewerFrame(page);
    await frame.locator('#viewer .page canvas').first().waitFor();
    const red = (px: number[]) => (px[0] ?? 0) > 200 && (px[1] ?? 255) < 60 && (px[2] ?? 255) < 60;
    const blue = (px: number[]) => (px[0] ?? 255) < 60 && (px[1] ?? 255) < 60 && (px[2] ?? 0) > 200;
    await expect
      .poll(async () => red(await pixelAt(frame, 0.25, 0.5)), { timeout: 15_000 })
      .toBe(true);
    expect(blue(await pixelAt(frame, 0.75, 0.5))).toBe(true);
  });
});
