import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';
import { pixel, readPng } from './png';

const NAME = '北京某某科技有限公司';

/** A 300 x 200 "logo": a dark blue square on white paper. */
function logoPng(): Buffer {
  const png = new PNG({ width: 300, height: 200 });
  png.data.fill(255);
  for (let y = 50; y < 150; y++) {
    for (let x = 100; x < 200; x++) {
      const i = (y * 300 + x) * 4;
      png.data[i] = 20;
      png.data[i + 1] = 40;
      png.data[i + 2] = 140;
    }
  }
  return PNG.sync.write(png);
}

const gallery = (page: Page) => page.getByRole('region', { name: '我的印章' });
const names = (page: Page) =>
  gallery(page)
    .locator('li > button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));

async function download(page: Page, name: string) {
  const file = page.waitForEvent('download');
  await gallery(page).getByRole('link', { name }).click();
  const done = await file;
  return { name: done.suggestedFilename(), png: readPng(await done.path()) };
}

describe('the stamp gallery', () => {
  const app = useApp();

  it('lists made seals and local images, downloads and removes them, and survives a reload', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url);
    await page.getByLabel('名称').fill(NAME);
    await page.getByAltText('印章预览').waitFor();
    await page.getByRole('tab', { name: '图片签章' }).click();
    await gallery(page)
      .getByRole('button', { name: `印章：${NAME}`, exact: true })
      .waitFor();
    expect(await gallery(page).textContent()).toContain('42 毫米');

    // A local image with its white made transparent (the default), and one kept as it is.
    const picker = gallery(page).getByLabel('本地图片', { exact: true });
    await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await gallery(page).getByRole('button', { name: '本地图片 logo.png', exact: true }).waitFor();
    await gallery(page).getByLabel('去除白色背景').uncheck();
    await picker.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: logoPng() });
    await gallery(page).getByRole('button', { name: '本地图片 photo.png', exact: true }).waitFor();
    expect(await names(page)).toEqual(['本地图片 photo.png', '本地图片 logo.png', `印章：${NAME}`]);

    const logo = await download(page, '下载 本地图片 logo.png');
    expect(logo.name).toBe('logo.png');
    expect([logo.png.width, logo.png.height]).toEqual([300, 200]);
    expect(pixel(logo.png, 5, 5)[3]).toBe(0);
    expect(pixel(logo.png, 150, 100)).toEqual([20, 40, 140, 255]);
    const photo = await download(page, '下载 本地图片 photo.png');
    expect(pixel(photo.png, 5, 5)).toEqual([255, 255, 255, 255]);
    const seal = await download(page, `下载 印章：${NAME}`);
    expect(seal.name).toBe(`${NAME}.png`);
    expect([seal.png.width, seal.png.height]).toEqual([512, 512]);

    // The last stamp added is the one kept in localStorage.
    const stored = await page.evaluate(() => localStorage.getItem('stamp') ?? '');
    expect(stored.startsWith('data:image/png;base64,')).toBe(true);

    await gallery(page).getByRole('button', { name: '删除 本地图片 photo.png' }).click();
    expect(await names(page)).toEqual(['本地图片 logo.png', `印章：${NAME}`]);

    // IndexedDB writes are asynchronous: wait until the removal is stored, then reload.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const req = indexedDB.open('yinzhang');
              req.onsuccess = () => {
                const count = req.result.transaction('stamps').objectStore('stamps').count();
                count.onsuccess = () => resolve(count.result);
              };
            }),
        ),
      )
      .toBe(2);
    await page.reload();
    await page.getByRole('tab', { name: '图片签章' }).click();
    await gallery(page).getByRole('button', { name: '本地图片 logo.png', exact: true }).waitFor();
    expect(await names(page)).toEqual(['本地图片 logo.png', `印章：${NAME}`]);
    expect(await gallery(page).textContent()).toContain('42 毫米');
    const again = await download(page, '下载 本地图片 logo.png');
    expect(pixel(again.png, 150, 100)).toEqual([20, 40, 140, 255]);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('alerts for a local image that is not an image', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('tab', { name: '图片签章' }).click();
    const message = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        void d.dismiss().then(() => resolve(d.message()));
      }),
    );
    await gallery(page)
      .getByLabel('本地图片', { exact: true })
      .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('nope') });
    expect(await message).toBe('Please select an image file');
    expect(await gallery(page).locator('li').count()).toBe(0);
    await context.close();
  });
});
