import { describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, useApp } from './harness';
import { countRed, pixel, readPng } from './png';

const NAME = '北京某某科技有限公司';

describe('making a seal by name', () => {
  const app = useApp();

  it('shows the preview while typing, once the name has four characters', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url);
    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/stamp/create')) creates.push(r.postData() ?? '');
    });
    await page.getByLabel('名称').pressSequentially('北京某', { delay: 30 });
    await page.waitForTimeout(900);
    expect(creates).toHaveLength(0);

    const created = page.waitForResponse((r) => r.url().endsWith('/v1/stamp/create'));
    await page.getByLabel('名称').pressSequentially('某', { delay: 30 });
    const response = await created;
    expect(response.status()).toBe(200);
    expect(response.headers().mid).toMatch(/^[0-9a-f]{32}$/);
    const preview = page.getByAltText('印章预览');
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('Enter draws the seal in the browser and 下载 gives a 512x512 PNG with red ink', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url);
    await page.getByLabel('横排文字').fill('合同专用章');
    await page.getByLabel('防伪码').fill('1101081234567');
    await page.getByLabel('名称').fill(NAME);
    const marked = page.waitForResponse((r) => r.url().endsWith('/v1/file/mark'));
    await page.getByLabel('名称').press('Enter');
    const mark = await marked;
    expect(mark.status()).toBe(200);
    const { mid } = (await mark.json()) as { mid: string };
    expect(mid).toMatch(/^[0-9a-f]{32}$/);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${NAME}.png`);
    const png = readPng(await file.path());
    expect([png.width, png.height]).toEqual([512, 512]);
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect(pixel(png, 511, 511)[3]).toBe(0);
    expect(countRed(png)).toBeGreaterThan(5000);

    const stored = await page.evaluate(() => localStorage.getItem('stamp'));
    expect(stored?.startsWith('data:image/png;base64,')).toBe(true);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('has no serious or critical accessibility violations (axe-core)', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByLabel('名称').fill(NAME);
    await page.getByAltText('印章预览').waitFor();
    await page.getByRole('button', { name: '问题反馈' }).click();
    const violations = await seriousAxeViolations(page);
    expect(violations).toEqual([]);
    await context.close();
  });
});
