import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';
import { pixel, readPng } from './png';

/** Inked (non-transparent) pixels on the signature canvas. */
function inked(canvas: Locator): Promise<number> {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const data = (c.getContext('2d') as CanvasRenderingContext2D).getImageData(
      0,
      0,
      c.width,
      c.height,
    ).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
    return n;
  });
}

/** A zigzag across the canvas, from `top` (a fraction of its height), drawn with the mouse. */
async function stroke(page: Page, canvas: Locator, top: number) {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.15, top));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.3, top + 0.2],
    [0.45, top],
    [0.6, top + 0.2],
    [0.75, top],
  ] as const) {
    await page.mouse.move(...at(fx, fy), { steps: 6 });
  }
  await page.mouse.up();
}

async function openModal(page: Page) {
  await page.getByRole('tab', { name: '图片签章' }).click();
  await page.getByRole('button', { name: '手写签名', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '手写签名' });
  await dialog.waitFor();
  return { dialog, canvas: dialog.getByRole('img', { name: '签名区域' }) };
}

describe('the hand signature modal', () => {
  const app = useApp();

  it('draw, undo, redo and save: a cropped transparent PNG at twice the screen resolution', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url, {
      viewport: { width: 1280, height: 800 },
    });
    const { dialog, canvas } = await openModal(page);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const size = await dialog.boundingBox();
    expect(size?.width).toBeLessThanOrEqual(600);
    const button = (name: string) => dialog.getByRole('button', { name, exact: true });
    expect(await button('撤销').isDisabled()).toBe(true);

    await dialog.getByRole('radio', { name: '蓝色' }).check();
    await stroke(page, canvas, 0.3);
    const one = await inked(canvas);
    expect(one).toBeGreaterThan(100);
    await stroke(page, canvas, 0.55);
    const two = await inked(canvas);
    expect(two).toBeGreaterThan(one);

    // Redrawn strokes may differ from the live ones by a few anti-aliased pixels.
    const about = async (n: number) => {
      const now = await inked(canvas);
      expect(Math.abs(now - n)).toBeLessThan(n * 0.05);
    };
    await button('撤销').click();
    await about(one);
    await button('重做').click();
    await about(two);
    await page.keyboard.press('Control+z');
    await about(one);
    await page.keyboard.press('Control+Shift+Z');
    await about(two);
    expect(await button('重做').isDisabled()).toBe(true);
    // 清除 can be undone (issue 18).
    await button('清除').click();
    expect(await inked(canvas)).toBe(0);
    await button('撤销').click();
    await about(two);

    // Canvas pixels per CSS pixel: at least 2, on this 1x screen.
    const ratio = await canvas.evaluate((c: HTMLCanvasElement) => c.width / c.clientWidth);
    expect(ratio).toBeGreaterThanOrEqual(2);
    const canvasBox = await canvas.boundingBox();

    await button('保存').click();
    await dialog.waitFor({ state: 'detached' });
    const entry = page.getByRole('button', { name: '手写签名 1', exact: true });
    await entry.waitFor();
    // The focus is back on the button that opened the modal.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe(
      '手写签名',
    );

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载 手写签名 1' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('signature-1.png');
    const png = readPng(await file.path());
    // Cropped to the ink: the strokes span 60% x 45% of the canvas, plus a small margin.
    const full = {
      width: (canvasBox?.width ?? 0) * ratio,
      height: (canvasBox?.height ?? 0) * ratio,
    };
    expect(png.width).toBeLessThan(full.width * 0.8);
    expect(png.width).toBeGreaterThan(full.width * 0.6 * 0.95);
    expect(png.height).toBeLessThan(full.height * 0.7);
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect(pixel(png, png.width - 1, png.height - 1)[3]).toBe(0);
    let blue = 0;
    for (let y = 0; y < png.height; y++) {
      for (let x = 0; x < png.width; x++) {
        const [r, g, b, a] = pixel(png, x, y);
        if (a > 200 && b > 150 && r < 80 && g < 110) blue++;
      }
    }
    expect(blue).toBeGreaterThan(100);
    expect(await page.evaluate(() => localStorage.getItem('stamp')?.slice(0, 22))).toBe(
      'data:image/png;base64,',
    );
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('draws with a finger on a phone, fits the screen, and Escape closes without saving', async () => {
    const { context, page } = await openPage(app.browser, app.server.url, {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      hasTouch: true,
      isMobile: true,
    });
    const { dialog, canvas } = await openModal(page);
    const size = await dialog.boundingBox();
    const screen = await page.evaluate(() => window.innerWidth);
    expect(size?.x).toBeGreaterThanOrEqual(0);
    expect((size?.x ?? 0) + (size?.width ?? Infinity)).toBeLessThanOrEqual(screen);
    expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width / c.clientWidth)).toBe(3);

    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas');
    const cdp = await context.newCDPSession(page);
    const at = (f: number) => [{ x: box.x + box.width * f, y: box.y + box.height * (0.3 + f / 3) }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.1) });
    for (let i = 2; i <= 9; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i / 10) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await inked(canvas)).toBeGreaterThan(100);
    expect(await dialog.getByRole('button', { name: '保存', exact: true }).isDisabled()).toBe(
      false,
    );

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: '手写签名 1', exact: true }).count()).toBe(0);
    await context.close();
  });
});
