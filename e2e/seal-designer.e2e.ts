import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDF } from '@libpdf/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, useApp } from './harness';
import { pixel, readPng } from './png';

const NAME = '北京某某科技有限公司';
const TAX = '91110108MA01ABCD2X';
const A4: [number, number] = [595.28, 841.89];
const MM_PER_PT = 25.4 / 72;

/** Red and blue ink pixels of the preview image, read back through a canvas. */
function previewInk(page: Page) {
  return page.getByAltText('印章预览').evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let red = 0;
    let blue = 0;
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b, a] = [d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0, d[i + 3] ?? 0];
      if (a < 150) continue;
      if (r > 170 && g < 90 && b < 90) red++;
      if (b > 140 && r < 90 && g < 120) blue++;
    }
    return { red, blue, width: c.width, height: c.height };
  });
}

describe('the seal designer', () => {
  const app = useApp();

  it('oval invoice seal: preset, taxpayer number, blue ink, SVG, and 40 mm on paper', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url, {
      viewport: { width: 1280, height: 900 },
    });
    await page.getByRole('radio', { name: /发票专用章/ }).check();
    // The preset's words fill the title; the code field becomes the taxpayer number.
    expect(await page.getByLabel('横排文字').inputValue()).toBe('发票专用章');
    await page.getByLabel('纳税人识别号').fill(TAX);
    const firstMark = page.waitForResponse((r) => r.url().endsWith('/v1/file/mark'));
    await page.getByLabel('名称').fill(NAME);
    expect((await firstMark).status()).toBe(200);
    const preview = page.getByAltText('印章预览');
    await preview.waitFor();
    const red = await previewInk(page);
    expect(red.width).toBe(512);
    expect(red.red).toBeGreaterThan(3000);
    expect(red.blue).toBe(0);

    // Colour by keyboard: 更多选项, then the arrow keys move from 红色 to 蓝色.
    await page.getByText('更多选项').click();
    const before = await preview.getAttribute('src');
    const secondMark = page.waitForResponse((r) => r.url().endsWith('/v1/file/mark'));
    await page.getByRole('radio', { name: '红色' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: '蓝色' }).isChecked()).toBe(true);
    await secondMark;
    await expect.poll(() => preview.getAttribute('src')).not.toBe(before);
    const blue = await previewInk(page);
    expect(blue.blue).toBeGreaterThan(3000);
    expect(blue.red).toBe(0);

    // SVG: text as vector paths, no raster.
    const svgDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载 SVG' }).click();
    const svgFile = await svgDownload;
    expect(svgFile.suggestedFilename()).toBe(`${NAME}.svg`);
    const svg = readFileSync(await svgFile.path(), 'utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('<path');
    expect(svg).not.toMatch(/<image|<text|data:image/);
    expect(svg).toContain('stroke="#0b3fb8"');
    // One path per glyph: name, number and title.
    expect(svg.match(/<path /g)?.length).toBe(
      Array.from(NAME).length + TAX.length + '发票专用章'.length,
    );

    // Print PNG at 600 dpi: the 40 mm seal (plus its margin) is about 960 px across.
    const printDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载打印版 PNG' }).click();
    const print = readPng(await (await printDownload).path());
    expect(print.width).toBe(Math.round(((40 * 64) / 63 / 25.4) * 600));

    // PDF签章: the seal goes on an A4 page at its printed size, 40 mm wide.
    const doc = PDF.create();
    doc.addPage({ width: A4[0], height: A4[1] });
    await page.getByRole('tab', { name: 'PDF签章' }).click();
    const seal = page
      .getByRole('region', { name: '我的印章' })
      .getByRole('button', { name: `印章：${NAME}`, exact: true });
    await seal.waitFor();
    await page.getByLabel('选择PDF').setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await doc.save()),
    });
    await page.locator('[data-page="1"][data-drawn]').waitFor();
    await seal.click();
    await page.getByRole('button', { name: `已放置的印章：${NAME}` }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const dir = mkdtempSync(path.join(tmpdir(), 'yz-designer-'));
    try {
      const out = path.join(dir, 'out.pdf');
      await (await download).saveAs(out);
      const dpi = 300;
      execFileSync('pdftoppm', [
        '-r',
        String(dpi),
        '-png',
        '-singlefile',
        out,
        path.join(dir, 'p'),
      ]);
      const img = readPng(path.join(dir, 'p.png'));
      let minX = img.width;
      let maxX = -1;
      let minY = img.height;
      let maxY = -1;
      for (let y = 0; y < img.height; y++) {
        for (let x = 0; x < img.width; x++) {
          const [r, g, b] = pixel(img, x, y);
          // Blue ink over white paper (the 0.9 opacity lightens it a little).
          if (b > 150 && r < 120 && g < 150) {
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
            minY = Math.min(minY, y);
            maxY = Math.max(maxY, y);
          }
        }
      }
      const widthMm = ((maxX - minX + 1) / dpi) * 72 * MM_PER_PT;
      const heightMm = ((maxY - minY + 1) / dpi) * 72 * MM_PER_PT;
      expect(widthMm).toBeGreaterThan(39.5);
      expect(widthMm).toBeLessThan(40.5);
      expect(heightMm).toBeGreaterThan(29.5);
      expect(heightMm).toBeLessThan(30.5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('square 名章: a two-character name alone makes the seal, without title or code fields', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('radio', { name: /名章/ }).check();
    expect(await page.getByLabel('横排文字').count()).toBe(0);
    const marked = page.waitForResponse((r) => r.url().endsWith('/v1/file/mark'));
    await page.getByLabel('姓名').fill('张三');
    await marked;
    const ink = await previewInk(page);
    expect(ink.red).toBeGreaterThan(3000);
    await context.close();
  });

  it('has no serious or critical accessibility violations with the options open', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('radio', { name: /合同专用章/ }).check();
    await page.getByLabel('名称').fill(NAME);
    await page.getByAltText('印章预览').waitFor();
    await page.getByText('更多选项').click();
    await page.getByLabel('做旧效果').fill('0.5');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
