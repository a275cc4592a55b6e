/** 关键字签章 in PDF签章: find “（盖章）”, stamp every hit, download through 编辑完成, judge the render. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { cjkPdf } from '../test-support/cjk-pdf';
import { openPage, removeDir, seriousAxeViolations, useApp } from './harness';
import { pixel, type Rgba, readPng } from './png';

const NAME = '上海某某贸易有限公司';
const SEAL = `印章：${NAME}`;
const PLACED = `已放置的${SEAL}`;
const A4 = { width: 595, height: 842 };
const DPI = 36;
const SHOTS = process.env.KEYWORD_SHOTS; // a folder for the 1280/390 px screenshots, when set

// 甲方（盖章） on page 1 (one operator), 乙方（盖章） on page 2 (one operator per character).
const CONTRACT = Buffer.from(
  cjkPdf([
    { runs: [{ text: '甲方（盖章）：', x: 100, y: 700, size: 20 }] },
    { runs: [{ text: '乙方（盖章）：', x: 300, y: 400, size: 20, split: 'chars' }] },
  ]),
);
// The centre of “（盖章）”, points from the top-left: characters 2..5, 0.88 em above to 0.12 em below.
const WORDS = [
  { x: 140 + 40, y: A4.height - 700 - 20 * 0.38 },
  { x: 340 + 40, y: A4.height - 400 - 20 * 0.38 },
];

const dir = mkdtempSync(path.join(tmpdir(), 'yinzhang-keyword-'));
afterAll(() => removeDir(dir));

/** The centre of the red on a rendered page, in points from its top-left. */
function redCentre(pdf: string, n: number): { x: number; y: number } | null {
  const prefix = path.join(dir, `p${n}`);
  execFileSync('pdftoppm', [
    '-r',
    `${DPI}`,
    '-png',
    '-f',
    `${n}`,
    '-l',
    `${n}`,
    '-singlefile',
    pdf,
    prefix,
  ]);
  const img: Rgba = readPng(`${prefix}.png`);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const [r, g, b] = pixel(img, x, y);
      if (r > 170 && g < 100 && b < 100)
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  if (x1 < 0) return null;
  const scale = 72 / DPI;
  return { x: ((x0 + x1 + 1) / 2) * scale, y: ((y0 + y1 + 1) / 2) * scale };
}

async function openContract(page: Page) {
  await page.getByLabel('名称').fill(NAME);
  await page.getByAltText('印章预览').waitFor();
  await page.getByRole('tab', { name: 'PDF签章' }).click();
  await page
    .getByRole('region', { name: '我的印章' })
    .getByRole('button', { name: SEAL, exact: true })
    .waitFor();
  await page
    .getByLabel('选择PDF')
    .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: CONTRACT });
  await page.locator('[data-page="1"][data-drawn]').waitFor();
}

describe('关键字签章', () => {
  const app = useApp();

  it('finds “（盖章）” on both pages, stamps all, and the download has the seal on the words', async () => {
    const { context, page } = await openPage(app.browser, app.server.url, {
      viewport: { width: 1280, height: 800 },
    });
    await openContract(page);
    const box = page.getByRole('searchbox', { name: '关键字签章' });
    await expect(box.getAttribute('placeholder')).resolves.toBe('查找文字，如（盖章）');

    // Not there: a message next to the box, nothing placed.
    await box.fill('丙方');
    await box.press('Enter');
    await page.getByText('没有找到“丙方”。').waitFor();

    // Keyboard only: type, Enter, Tab to 全部盖章, Enter.
    await box.fill('（盖章）');
    await box.press('Enter');
    await page.getByText('找到 2 处。').waitFor();
    const hits = page.getByRole('list', { name: '找到的位置' }).getByRole('button');
    expect(await hits.allTextContents()).toEqual([
      expect.stringMatching(/^第 1 页.*甲方（盖章）/),
      expect.stringMatching(/^第 2 页.*乙方（盖章）/),
    ]);
    await page.getByRole('button', { name: '全部盖章' }).focus();
    await page.keyboard.press('Enter');
    const placed = page.getByRole('button', { name: PLACED });
    await expect.poll(() => placed.count()).toBe(2);
    expect(await page.locator('[data-placement][data-on-page="1"]').count()).toBe(1);
    expect(await page.locator('[data-placement][data-on-page="2"]').count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'keyword-1280.png') });
    // With the box, its messages and the list of hits on screen: nothing axe calls serious.
    expect(await seriousAxeViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const out = path.join(dir, 'signed.pdf');
    await (await download).saveAs(out);
    for (const [i, want] of WORDS.entries()) {
      const got = redCentre(out, i + 1);
      expect(got, `page ${i + 1}`).not.toBeNull();
      expect(Math.abs((got?.x ?? 0) - want.x), `page ${i + 1} x`).toBeLessThan(4);
      expect(Math.abs((got?.y ?? 0) - want.y), `page ${i + 1} y`).toBeLessThan(4);
    }
    await context.close();
  });

  it('at 390 px: one chosen hit gets the seal', async () => {
    const { context, page } = await openPage(app.browser, app.server.url, {
      viewport: { width: 390, height: 844 },
    });
    await openContract(page);
    const box = page.getByRole('searchbox', { name: '关键字签章' });
    await box.fill('乙方 (盖章)');
    await page.getByRole('button', { name: '查找', exact: true }).click();
    await page.getByText('找到 1 处。').waitFor();
    await page.getByRole('list', { name: '找到的位置' }).getByRole('button').click();
    await expect.poll(() => page.getByRole('button', { name: PLACED }).count()).toBe(1);
    expect(await page.locator('[data-placement][data-on-page="2"]').count()).toBe(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    if (SHOTS) {
      await box.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, 'keyword-390.png') });
    }
    await context.close();
  });
});
