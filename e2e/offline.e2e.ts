import { readFileSync } from 'node:fs';
import { PDF } from '@libpdf/core';
import type { Frame, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';
import { makePdf } from './pdfs';

const NAME = '杭州某某网络有限公司';
const SEAL = `印章：${NAME}`;

/** A white 600x400 picture to stamp on 图片签章. */
function whitePng(): Buffer {
  const png = new PNG({ width: 600, height: 400 });
  png.data.fill(255);
  return PNG.sync.write(png);
}

async function viewerFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('about:srcdoc'))).toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith('about:srcdoc'));
  if (!frame) throw new Error('no viewer frame');
  return frame;
}

describe('offline after the first visit (service worker precache)', () => {
  const app = useApp();

  it('installs, then works with the network off: every tab and /pdf', async () => {
    const { context, page } = await openPage(app.browser, app.server.url, {
      serviceWorkers: 'allow',
    });
    // The worker installs (precaching the whole build) and takes control of this page.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
        timeout: 30_000,
      })
      .toBe(true);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : null;
    });
    expect(manifest).toMatchObject({ name: '印章', display: 'standalone', start_url: '/' });

    await context.setOffline(true);
    const failed: string[] = [];
    page.on('requestfailed', (r) => {
      if (!r.url().includes('/v1/')) failed.push(r.url());
    });
    await page.reload();

    // 制作印章: the server cannot be reached, so the seal is drawn here, and the page says so.
    await page.getByLabel('名称').fill(NAME);
    await page.getByAltText('印章预览').waitFor();
    await page.getByText('已离线：印章在本机绘制').waitFor();

    // 图片签章: place the seal on a picture and save it.
    await page.getByRole('tab', { name: '图片签章' }).click();
    await page
      .getByLabel('选择图片')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: whitePng() });
    await page.getByAltText('待签章的图片').waitFor();
    const gallery = page.getByRole('region', { name: '我的印章' });
    await gallery.getByRole('button', { name: SEAL, exact: true }).click();
    const savedImage = page.waitForEvent('download');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    expect((await savedImage).suggestedFilename()).toMatch(/\.(png|jpe?g)$/);

    // PDF签章: open a PDF (pdf.js worker from the cache), stamp it, download.
    await page.getByRole('tab', { name: 'PDF签章' }).click();
    const contract = await makePdf({ label: 'Offline', pages: [[595, 842]] });
    await page
      .getByLabel('选择PDF')
      .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: contract });
    await page.locator('[data-page="1"][data-drawn]').waitFor();
    await gallery.getByRole('button', { name: SEAL, exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: `已放置的${SEAL}` }).count()).toBe(1);
    const signed = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const signedFile = await signed;
    const stamped = await PDF.load(readFileSync(await signedFile.path()));
    expect(stamped.getPageCount()).toBe(1);

    // 文件转换: merge two PDFs.
    await page.getByRole('tab', { name: '文件转换' }).click();
    const second = await makePdf({ label: 'Second', pages: [[400, 300]] });
    await page.getByLabel('选择PDF文件').setInputFiles([
      { name: 'a.pdf', mimeType: 'application/pdf', buffer: contract },
      { name: 'b.pdf', mimeType: 'application/pdf', buffer: second },
    ]);
    const list = page.getByRole('list', { name: '待合并的文件' });
    await expect.poll(() => list.locator('[data-status="true"]').count()).toBe(2);
    const merged = page.waitForEvent('download');
    await page.getByRole('button', { name: '合成', exact: true }).click();
    const mergedDoc = await PDF.load(readFileSync(await (await merged).path()));
    expect(mergedDoc.getPageCount()).toBe(2);

    // /pdf: the stock viewer, its locale and text layer, all from the cache.
    await page.goto(`${app.server.url}/pdf`);
    await page.getByLabel('选择PDF', { exact: true }).setInputFiles({
      name: 'contract.pdf',
      mimeType: 'application/pdf',
      buffer: contract,
    });
    const frame = await viewerFrame(page);
    await frame.locator('#viewer .page .textLayer span').first().waitFor();
    await frame.getByRole('button', { name: '放大' }).waitFor();

    expect(failed).toEqual([]);
    await context.close();
  });
});
