/**
 * Issue 18, items 2, 3, 4 and 9 on both signing screens: a seal picked from the gallery lands in
 * view, undo/redo with the buttons and the keys, a stamp never grows past the image, and a reload
 * keeps the open document and its stamps until 关闭. Screenshots go to $SHOTS_DIR when set.
 */
import { PDF, StandardFonts } from '@libpdf/core';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';

const NAME = '上海某某贸易有限公司';
const SEAL = `印章：${NAME}`;
const PLACED = `已放置的${SEAL}`;

async function fivePages(): Promise<Buffer> {
  const doc = PDF.create();
  for (let i = 1; i <= 5; i++) {
    doc
      .addPage({ width: 595.28, height: 841.89 })
      .drawText(`Page ${i}`, { x: 60, y: 740, size: 36, font: StandardFonts.Helvetica });
  }
  return Buffer.from(await doc.save());
}

/** A plain light-grey picture, small enough that a stamp could outgrow it. */
function picture(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(230);
  return PNG.sync.write(png);
}

async function makeSeal(page: Page) {
  await page.getByLabel('名称').fill(NAME);
  await page.getByAltText('印章预览').waitFor();
}

const gallerySeal = (page: Page) =>
  page.getByRole('region', { name: '我的印章' }).getByRole('button', { name: SEAL, exact: true });

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
}

const within = (inner: Box, outer: Box, slack = 1) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

describe('PDF签章: in view, undo/redo, reload', () => {
  const app = useApp();

  it.each([1280, 390])(
    'at %i px: places a picked seal where the user is looking, undoes and redoes, and keeps it all across a reload',
    async (width) => {
      const { context, page } = await openPage(app.browser, app.server.url, {
        viewport: { width, height: 900 },
      });
      await makeSeal(page);
      await page.getByRole('tab', { name: 'PDF签章' }).click();
      await gallerySeal(page).waitFor();
      await page.getByLabel('选择PDF').setInputFiles({
        name: 'contract.pdf',
        mimeType: 'application/pdf',
        buffer: await fivePages(),
      });
      await page.locator('[data-page="1"][data-drawn]').waitFor();

      // Scrolled so that page 2's top third is in view, below most of page 1.
      const scroller = page.getByRole('region', { name: /PDF页面/ });
      await scroller.evaluate((el) => {
        const second = el.querySelector<HTMLElement>('[data-page="2"]');
        el.scrollTop = (second?.offsetTop ?? 0) - el.clientHeight * 0.3;
      });
      await gallerySeal(page).click();
      const placed = page.getByRole('button', { name: PLACED });
      await placed.waitFor();
      expect(within(await box(placed), await box(scroller))).toBe(true);
      await shot(page, `pdfsign-in-view-${width}`);

      // Undo / redo: the buttons and the keys.
      const undo = page.getByRole('button', { name: '撤销', exact: true });
      const redo = page.getByRole('button', { name: '重做', exact: true });
      await undo.click();
      await expect.poll(() => placed.count()).toBe(0);
      await redo.click();
      await expect.poll(() => placed.count()).toBe(1);
      const before = await box(placed);
      await placed.dragTo(scroller, { targetPosition: { x: 200, y: 200 } });
      const after = await box(placed);
      expect(Math.abs(after.x - before.x) + Math.abs(after.y - before.y)).toBeGreaterThan(20);
      await page.keyboard.press('Control+z');
      await expect.poll(async () => (await box(placed)).x).toBeCloseTo(before.x, 0);
      await page.keyboard.press('Control+Shift+Z');
      await expect.poll(async () => (await box(placed)).x).toBeCloseTo(after.x, 0);
      await page.getByRole('button', { name: '删除', exact: true }).click();
      await expect.poll(() => placed.count()).toBe(0);
      await page.keyboard.press('Control+z');
      await expect.poll(() => placed.count()).toBe(1);
      await page.getByRole('button', { name: '全部清除' }).click();
      await expect.poll(() => placed.count()).toBe(0);
      await page.keyboard.press('Control+y');
      await expect.poll(() => placed.count()).toBe(0);
      await page.keyboard.press('Control+z');
      await expect.poll(() => placed.count()).toBe(1);
      const kept = await box(placed);

      // A reload: the same tab, the PDF and the stamp where it was.
      await page.waitForTimeout(600);
      await page.reload();
      await page.locator('[data-page="1"][data-drawn]').waitFor();
      expect(await page.getByRole('tab', { name: 'PDF签章' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await placed.waitFor();
      await placed.scrollIntoViewIfNeeded();
      expect((await box(placed)).width).toBeCloseTo(kept.width, 0);
      await shot(page, `pdfsign-restored-${width}`);

      // 关闭PDF forgets it: after another reload there is nothing open.
      await page.getByRole('button', { name: '关闭PDF' }).click();
      await page.getByText('选择PDF后，点击“我的印章”').waitFor();
      await page.waitForTimeout(600);
      await page.reload();
      await page.getByRole('tab', { name: 'PDF签章' }).click();
      await gallerySeal(page).waitFor();
      expect(await page.getByRole('button', { name: '关闭PDF' }).count()).toBe(0);
      await context.close();
    },
  );
});

describe('图片签章: undo/redo, size inside the image, reload', () => {
  const app = useApp();

  it.each([1280, 390])('at %i px', async (width) => {
    const { context, page } = await openPage(app.browser, app.server.url, {
      viewport: { width, height: 860 },
    });
    await makeSeal(page);
    await page.getByRole('tab', { name: '图片签章' }).click();
    await page
      .getByLabel('选择图片')
      .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: picture(360, 240) });
    const image = page.getByAltText('待签章的图片');
    await image.waitFor();
    await gallerySeal(page).click();
    const placed = page.getByRole('button', { name: PLACED });
    await placed.waitFor();

    // Dragging a corner far out: the stamp stops at the image's edges.
    const handle = page.locator('[data-corner="se"]');
    const h = await box(handle);
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + 900, h.y + 900, { steps: 6 });
    await page.mouse.up();
    const img = await box(image);
    const grown = await box(placed);
    expect(grown.width).toBeGreaterThan(40);
    expect(within(grown, img)).toBe(true);
    await shot(page, `sign-resized-${width}`);

    // One drag is one step back.
    await page.getByRole('button', { name: '撤销', exact: true }).click();
    await expect.poll(async () => (await box(placed)).width).toBeLessThan(grown.width - 1);
    await page.keyboard.press('Control+Shift+Z');
    await expect.poll(async () => (await box(placed)).width).toBeCloseTo(grown.width, 0);

    await page.waitForTimeout(600);
    await page.reload();
    await image.waitFor();
    await placed.waitFor();
    expect((await box(placed)).width).toBeCloseTo(grown.width, 0);
    await shot(page, `sign-restored-${width}`);
    await page.getByRole('button', { name: '关闭图片' }).click();
    await expect.poll(() => image.count()).toBe(0);
    await context.close();
  });
});
