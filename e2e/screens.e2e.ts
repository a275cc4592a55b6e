/**
 * Issue 18 at laptop (1280 px) and phone (390 px) widths: axe-core on every screen, the 骑缝章
 * preview, 图片转PDF with many and wide images, and the phone-width items (tabs, keyboard hints,
 * 编辑完成 without a PDF, the 制作印章 link's focus). Screenshots go to $SHOTS_DIR when set.
 */
import { PDF } from '@libpdf/core';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, useApp } from './harness';

const NAME = '上海某某贸易有限公司';
const SEAL = `印章：${NAME}`;
const WIDTHS = [1280, 390] as const;

async function shot(page: Page, name: string, fullPage = false) {
  if (process.env.SHOTS_DIR) {
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage });
  }
}

function picture(width: number, height: number, grey = 220): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(grey);
  return PNG.sync.write(png);
}

async function pdf(pages: number): Promise<Buffer> {
  const doc = PDF.create();
  for (let i = 0; i < pages; i++) doc.addPage({ width: 595.28, height: 841.89 });
  return Buffer.from(await doc.save());
}

const viewport = (width: number) => ({ width, height: width > 500 ? 900 : 844 });

/** Elements wider than the page, or sticking out of it sideways. */
function overflowing(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => {
      const r = el.getBoundingClientRect();
      const parent = el.parentElement?.getBoundingClientRect();
      const out =
        r.right > document.documentElement.clientWidth + 0.5 ||
        r.left < -0.5 ||
        (parent && (r.right > parent.right + 0.5 || r.left < parent.left - 0.5)) ||
        el.scrollWidth > el.clientWidth + 1;
      return out ? [el.textContent?.slice(0, 40) ?? el.tagName] : [];
    }),
  );
}

describe('every screen passes axe-core (no serious or critical findings)', () => {
  const app = useApp();

  it.each(WIDTHS)(
    'at %i px',
    async (width) => {
      const { context, page } = await openPage(app.browser, app.server.url, {
        viewport: viewport(width),
      });
      await page.getByLabel('名称').fill(NAME);
      await page.getByAltText('印章预览').waitFor();
      const found: Record<string, string[]> = {};
      found.make = await seriousAxeViolations(page);
      await page.getByRole('tab', { name: '图片签章' }).click();
      await page
        .getByLabel('选择图片')
        .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: picture(600, 400) });
      await page.getByAltText('待签章的图片').waitFor();
      await page
        .getByRole('region', { name: '我的印章' })
        .getByRole('button', { name: SEAL, exact: true })
        .click();
      found.sign = await seriousAxeViolations(page);
      await page.getByRole('tab', { name: 'PDF签章' }).click();
      await page
        .getByLabel('选择PDF')
        .setInputFiles({ name: 'c.pdf', mimeType: 'application/pdf', buffer: await pdf(3) });
      await page.locator('[data-page="1"][data-drawn]').waitFor();
      await page.getByRole('checkbox', { name: '骑缝章' }).check();
      found.pdfsign = await seriousAxeViolations(page);
      await page.getByRole('tab', { name: '文件转换' }).click();
      await page.getByLabel('选择PDF文件').waitFor({ state: 'attached' });
      found.convert = await seriousAxeViolations(page);
      await page.getByRole('tab', { name: '制作印章' }).click();
      await page
        .getByRole('button', { name: '手写签名' })
        .first()
        .click()
        .catch(() => {});
      for (const path of ['/pdf']) {
        await page.goto(`${app.server.url}${path}`);
        for (const tab of ['PDF编辑', 'PDF合并', '图片转PDF']) {
          await page.getByRole('tab', { name: tab }).click();
          found[`${path} ${tab}`] = await seriousAxeViolations(page);
        }
      }
      for (const [screen, violations] of Object.entries(found)) {
        expect({ screen, violations }).toEqual({ screen, violations: [] });
      }
      await context.close();
    },
    150_000,
  );
});

describe('骑缝章 preview', () => {
  const app = useApp();

  it.each(WIDTHS)(
    'shows the strips on the pages, the fan and the seal it uses at %i px',
    async (width) => {
      const { context, page } = await openPage(app.browser, app.server.url, {
        viewport: viewport(width),
      });
      await page.getByLabel('名称').fill(NAME);
      await page.getByAltText('印章预览').waitFor();
      await page.getByRole('tab', { name: 'PDF签章' }).click();
      await page
        .getByLabel('选择PDF')
        .setInputFiles({ name: 'c.pdf', mimeType: 'application/pdf', buffer: await pdf(4) });
      await page.locator('[data-page="1"][data-drawn]').waitFor();
      await page.getByRole('checkbox', { name: '骑缝章' }).check();
      await page.getByText(`使用：${SEAL}`).waitFor();
      // One strip on each page, at the right edge of its page.
      const strips = page.locator('[data-paging-strip]');
      await expect.poll(() => strips.count()).toBe(4);
      const pageBox = await page.locator('[data-page="1"]').boundingBox();
      const strip = await strips.first().boundingBox();
      if (!pageBox || !strip) throw new Error('not on screen');
      expect(strip.x + strip.width).toBeCloseTo(pageBox.x + pageBox.width, 0);
      const fan = page.getByRole('figure', { name: /骑缝效果/ });
      await expect.poll(() => fan.locator('[data-fan-page]').count()).toBe(4);
      await fan.scrollIntoViewIfNeeded();
      await shot(page, `paging-right-${width}`);
      // 左侧 moves every strip to the left edge.
      await page.getByRole('radio', { name: '左侧' }).check();
      await expect
        .poll(async () => (await strips.first().boundingBox())?.x ?? 0)
        .toBeCloseTo(pageBox.x, 0);
      await page.getByLabel('高度（%，自上而下）').fill('20');
      await shot(page, `paging-left-${width}`);
      await context.close();
    },
  );
});

describe('图片转PDF with many and wide images', () => {
  const app = useApp();

  it.each(WIDTHS)('keeps every card inside its column at %i px', async (width) => {
    const { context, page } = await openPage(app.browser, `${app.server.url}/pdf`, {
      viewport: viewport(width),
    });
    await page.getByRole('tab', { name: '图片转PDF' }).click();
    const files = Array.from({ length: 14 }, (_, i) => ({
      name: i % 3 === 0 ? `a-very-long-file-name-from-a-scanner-${i}-2026-11-25.png` : `p${i}.png`,
      mimeType: 'image/png',
      buffer: i % 2 ? picture(2400, 300, 200) : picture(300, 500, 180),
    }));
    await page.getByLabel('选择图片', { exact: true }).setInputFiles(files);
    const list = page.getByRole('list', { name: '图片（按页面顺序）' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(14);
    expect(await overflowing(page, 'ol[aria-label="图片（按页面顺序）"] > li')).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await shot(page, `img2pdf-${width}`, true);
    await context.close();
  });
});

describe('at phone width (390 px, touch)', () => {
  const app = useApp();

  it('shows every tab, hides keyboard hints, says why 编辑完成 did nothing, keeps the focus', async () => {
    const { context, page } = await openPage(app.browser, app.server.url, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    for (const name of ['制作印章', '图片签章', 'PDF签章', '文件转换']) {
      const tab = await page.getByRole('tab', { name }).boundingBox();
      if (!tab) throw new Error(`${name} not on screen`);
      expect(tab.x).toBeGreaterThanOrEqual(0);
      expect(tab.x + tab.width).toBeLessThanOrEqual(390);
    }
    await shot(page, 'phone-tabs-390');
    await page.getByRole('tab', { name: 'PDF签章' }).click();
    const finish = page.getByRole('button', { name: '编辑完成' });
    await finish.click();
    const note = page.getByRole('alert').filter({ hasText: '请先选择PDF' });
    await note.waitFor();
    const [b, n] = [await finish.boundingBox(), await note.boundingBox()];
    if (!b || !n) throw new Error('not on screen');
    expect(n.y).toBeGreaterThanOrEqual(b.y + b.height - 1);
    expect(n.y).toBeLessThan(b.y + b.height + 60);
    await shot(page, 'phone-finish-390');

    await page
      .getByLabel('选择PDF')
      .setInputFiles({ name: 'c.pdf', mimeType: 'application/pdf', buffer: await pdf(2) });
    await page.locator('[data-page="1"][data-drawn]').waitFor();
    expect(await page.getByText('方向键移动').isVisible()).toBe(false);

    await page.getByRole('button', { name: '制作印章', exact: true }).focus();
    await page.keyboard.press('Enter');
    const makeTab = page.getByRole('tab', { name: '制作印章' });
    await expect.poll(() => makeTab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toBe('tab-make');
    await context.close();
  });
});
