/**
 * Broken files in the browser: each gives a message the visitor can read, and the page keeps
 * working (a good file chosen next is shown). Screenshots of each message go to the temp folder.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDF } from '@libpdf/core';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';
import { encrypt, hasQpdf, makePdf, pageSizes } from './pdfs';

const png = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });
const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(tmpdir(), `broken-files-${name}.png`) });

/** A photo-like PNG (noise does not compress), so a cut lands inside the pixel data. */
function noisyPng(width = 400, height = 300): Buffer {
  const image = new PNG({ width, height });
  let x = 12345;
  for (let i = 0; i < image.data.length; i += 4) {
    x = (x * 1103515245 + 12345) >>> 0;
    image.data.set([x & 0xff, (x >> 8) & 0xff, (x >> 16) & 0xff, 255], i);
  }
  return PNG.sync.write(image);
}

/** Accepts the next native dialog and resolves with its text. */
function nextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.dismiss();
    });
  });
}

describe('broken files', () => {
  const app = useApp();

  it('图片签章: a truncated PNG and a PDF named .png get a message; a good image then opens', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('tab', { name: '图片签章' }).click();
    const picker = page.getByLabel('选择图片');
    const good = noisyPng();

    await picker.setInputFiles(png('cut.png', good.subarray(0, Math.floor(good.length / 2))));
    const alert = page.getByRole('alert').filter({ hasText: '“cut.png”无法读取' });
    await alert.waitFor();
    await shot(page, 'image-truncated');
    expect(await page.getByAltText('待签章的图片').count()).toBe(0);

    const dialog = nextDialog(page);
    const notImage = await makePdf({ label: 'Not an image', pages: [[200, 200]] });
    await picker.setInputFiles(png('contract.png', notImage));
    expect(await dialog).toBe('Please select an image file');
    expect(await page.getByAltText('待签章的图片').count()).toBe(0);

    await picker.setInputFiles(png('good.png', good));
    await page.getByAltText('待签章的图片').waitFor();
    expect(await alert.count()).toBe(0);
    await context.close();
  });

  it('PDF签章: a truncated PDF gets a message; a good PDF then opens', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('tab', { name: 'PDF签章' }).click();
    const picker = page.getByLabel('选择PDF');
    const good = await makePdf({ label: 'Good', pages: [[300, 400]] });

    await picker.setInputFiles(pdf('cut.pdf', good.subarray(0, Math.floor(good.length * 0.6))));
    await page.getByRole('alert').filter({ hasText: '“cut.pdf”无法打开' }).waitFor();
    await shot(page, 'pdf-truncated');

    await picker.setInputFiles(pdf('good.pdf', good));
    await page.locator('[data-page="1"][data-drawn]').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: '无法打开' }).count()).toBe(0);
    await context.close();
  });

  it('PDF签章: a PDF missing only its end is refused when chosen, not after the work', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('tab', { name: 'PDF签章' }).click();
    const good = await makePdf({ label: 'Good', pages: [[300, 400]] });
    const end = good.lastIndexOf('startxref');
    await page.getByLabel('选择PDF').setInputFiles(pdf('tail.pdf', good.subarray(0, end)));
    await page.getByRole('alert').filter({ hasText: '“tail.pdf”无法打开：文件不完整' }).waitFor();
    await shot(page, 'pdf-no-end');
    expect(await page.locator('[data-page="1"]').count()).toBe(0);
    await context.close();
  });

  it.skipIf(!hasQpdf)(
    'PDF签章: an encrypted PDF asks for its password and says when it is wrong',
    async () => {
      const { context, page } = await openPage(app.browser, app.server.url);
      await page.getByRole('tab', { name: 'PDF签章' }).click();
      const locked = encrypt(await makePdf({ label: 'Locked', pages: [[300, 400]] }), 'secret');
      await page.getByLabel('选择PDF').setInputFiles(pdf('locked.pdf', locked));
      await page.getByLabel('密码', { exact: true }).fill('guess');
      await page.getByRole('button', { name: '打开', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: '密码错误' }).waitFor();
      await shot(page, 'pdf-wrong-password');
      await page.getByLabel('密码', { exact: true }).fill('secret');
      await page.getByRole('button', { name: '打开', exact: true }).click();
      await page.locator('[data-page="1"][data-drawn]').waitFor();
      await context.close();
    },
  );

  it('文件转换 PDF合并: a broken file among good ones is marked and the rest are merged', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('tab', { name: '文件转换' }).click();
    const a = await makePdf({ label: 'A', pages: [[210, 210]] });
    const b = await makePdf({
      label: 'B',
      pages: [
        [220, 220],
        [230, 230],
      ],
    });
    const cut = (await makePdf({ label: 'Cut', pages: [[240, 240]] })).subarray(0, 400);
    await page
      .getByLabel('选择PDF文件')
      .setInputFiles([pdf('a.pdf', a), pdf('cut.pdf', cut), pdf('b.pdf', b)]);

    const list = page.getByRole('list', { name: '待合并的文件' });
    await expect.poll(() => list.locator('[data-status="true"]').count()).toBe(2);
    const failed = list
      .getByRole('listitem')
      .filter({ has: page.locator('[data-status="false"]') });
    await expect.poll(() => failed.count()).toBe(1);
    expect(await failed.textContent()).toMatch(/“cut\.pdf”已损坏[\s\S]*已跳过/);
    await shot(page, 'merge-broken');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '合成', exact: true }).click();
    const merged = await PDF.load(readFileSync(await (await download).path()));
    expect(pageSizes(merged)).toEqual([
      [210, 210],
      [220, 220],
      [230, 230],
    ]);
    await page.getByRole('status').filter({ hasText: '已合成 3 页' }).waitFor();
    await context.close();
  });
});
