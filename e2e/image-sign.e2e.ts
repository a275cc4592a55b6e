import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, useApp } from './harness';
import { pixel, type Rgba, readPng } from './png';

const NAME = '北京某某科技有限公司';
const SEAL = `印章：${NAME}`;
const W = 1600;
const H = 1200;

/** A white 1600 x 1200 "contract": grey text lines and a black frame, nothing red. */
function contractPng(): Buffer {
  const png = new PNG({ width: W, height: H });
  png.data.fill(255);
  const fill = (x0: number, y0: number, w: number, h: number, v: number) => {
    for (let y = y0; y < y0 + h; y++) {
      for (let x = x0; x < x0 + w; x++) {
        const i = (y * W + x) * 4;
        png.data[i] = png.data[i + 1] = png.data[i + 2] = v;
      }
    }
  };
  for (let y = 120, n = 0; y < H - 120; y += 70, n++) fill(140, y, 1200 - (n % 4) * 160, 14, 70);
  fill(40, 40, W - 80, 6, 0);
  fill(40, H - 46, W - 80, 6, 0);
  return PNG.sync.write(png);
}

const isRed = (img: Rgba, x: number, y: number) => {
  const [r, g, b, a] = pixel(img, x, y);
  return a > 150 && r > 170 && g < 90 && b < 90;
};

/** Bounding box of the red pixels inside (or, with `outside`, the count outside) a box. */
function redPixels(img: Rgba, box: Box) {
  let [minX, minY, maxX, maxY, inside, outside] = [img.width, img.height, -1, -1, 0, 0];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!isRed(img, x, y)) continue;
      const within = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      if (!within) {
        outside++;
        continue;
      }
      inside++;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  return {
    inside,
    outside,
    box: { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 },
  };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The reference composition, made independently of the browser: `stamp` scaled into `box` of
 * `page` (area-averaged over 4 x 4 samples per pixel), turned 180° when asked, laid over it.
 */
function composeReference(page: Rgba, stamp: Rgba, box: Box, halfTurn: boolean): Rgba {
  const out = { width: page.width, height: page.height, data: Uint8Array.from(page.data) };
  const n = 4;
  for (let y = Math.floor(box.y); y < Math.ceil(box.y + box.height); y++) {
    for (let x = Math.floor(box.x); x < Math.ceil(box.x + box.width); x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          let u = (x + (sx + 0.5) / n - box.x) / box.width;
          let v = (y + (sy + 0.5) / n - box.y) / box.height;
          if (u < 0 || u >= 1 || v < 0 || v >= 1) continue;
          if (halfTurn) [u, v] = [1 - u, 1 - v];
          const [r, g, b, a] = pixel(
            stamp,
            Math.floor(u * stamp.width),
            Math.floor(v * stamp.height),
          );
          acc[0] = (acc[0] ?? 0) + (r * a) / 255;
          acc[1] = (acc[1] ?? 0) + (g * a) / 255;
          acc[2] = (acc[2] ?? 0) + (b * a) / 255;
          acc[3] = (acc[3] ?? 0) + a;
        }
      }
      const a = (acc[3] ?? 0) / (n * n) / 255;
      const i = (y * out.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const premultiplied = (acc[c] ?? 0) / (n * n);
        out.data[i + c] = Math.round(premultiplied + (out.data[i + c] ?? 0) * (1 - a));
      }
    }
  }
  return out;
}

/** Where a placed stamp covers the image, in the image's own pixels (from the screen). */
async function placedBoxInImage(page: Page, stamp: Locator): Promise<Box> {
  const image = await page.getByAltText('待签章的图片').boundingBox();
  const outer = await stamp.locator('xpath=..').boundingBox();
  if (!image || !outer) throw new Error('not on screen');
  const k = W / image.width;
  return {
    x: (outer.x - image.x) * k,
    y: (outer.y - image.y) * k,
    width: outer.width * k,
    height: outer.height * k,
  };
}

const centre = (b: { x: number; y: number; width: number; height: number }) => ({
  x: b.x + b.width / 2,
  y: b.y + b.height / 2,
});

async function makeSealAndOpenTab(page: Page) {
  await page.getByLabel('名称').fill(NAME);
  await page.getByAltText('印章预览').waitFor();
  await page.getByRole('tab', { name: '图片签章' }).click();
  await page
    .getByRole('region', { name: '我的印章' })
    .getByRole('button', { name: SEAL, exact: true })
    .waitFor();
}

async function chooseContract(page: Page) {
  await page.getByLabel('选择图片').setInputFiles({
    name: 'contract.png',
    mimeType: 'image/png',
    buffer: contractPng(),
  });
  await page.getByAltText('待签章的图片').waitFor();
}

describe('signing an image with stamps', () => {
  const app = useApp();

  it('alerts for a file that is not an image, and for one over 5 MB', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('tab', { name: '图片签章' }).click();
    const input = page.getByLabel('选择图片');
    const alertFor = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const message = new Promise<string>((resolve) =>
        page.once('dialog', (d) => {
          void d.dismiss().then(() => resolve(d.message()));
        }),
      );
      await input.setInputFiles(file);
      return message;
    };
    expect(
      await alertFor({
        name: 'a.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture'),
      }),
    ).toBe('Please select an image file');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    expect(await alertFor({ name: 'big.png', mimeType: 'image/png', buffer: big })).toBe(
      'The file is more than 5MB',
    );
    expect(await page.getByAltText('待签章的图片').count()).toBe(0);
    await context.close();
  });

  it('place, drag, resize from a corner, rotate, delete another, and 保存 at full resolution', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url, {
      viewport: { width: 1280, height: 800 },
    });
    await makeSealAndOpenTab(page);
    await chooseContract(page);
    const gallery = page.getByRole('region', { name: '我的印章' });
    await gallery.getByRole('button', { name: SEAL, exact: true }).click();
    const stamp = page.getByRole('button', { name: `已放置的${SEAL}` });
    await stamp.waitFor();
    expect(await stamp.getAttribute('aria-pressed')).toBe('true');

    // 20% of the image's displayed width, in the middle.
    const image = await page.getByAltText('待签章的图片').boundingBox();
    let box = await stamp.boundingBox();
    if (!image || !box) throw new Error('not on screen');
    expect(box.width / image.width).toBeCloseTo(0.2, 2);
    expect(centre(box).x - centre(image).x).toBeCloseTo(0, 0);

    // Drag it up and to the left.
    const from = centre(box);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 150, from.y - 100, { steps: 6 });
    await page.mouse.up();
    const dragged = await stamp.boundingBox();
    if (!dragged) throw new Error('gone');
    expect(dragged.x - box.x).toBeCloseTo(-150, 0);
    expect(dragged.y - box.y).toBeCloseTo(-100, 0);

    // Resize from the bottom-right corner: the top-left stays, the aspect is kept.
    const handle = await page.locator('[data-corner="se"]').boundingBox();
    if (!handle) throw new Error('no handle');
    const grip = centre(handle);
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    await page.mouse.move(grip.x + 40, grip.y + 40, { steps: 5 });
    await page.mouse.up();
    box = await stamp.boundingBox();
    if (!box) throw new Error('gone');
    expect(box.x).toBeCloseTo(dragged.x, 0);
    expect(box.y).toBeCloseTo(dragged.y, 0);
    expect(box.width).toBeCloseTo(dragged.width + 40, 0);
    expect(box.height).toBeCloseTo(box.width, 0);

    // Rotate a quarter turn, by button and by key.
    await page.getByRole('button', { name: '旋转', exact: true }).click();
    await stamp.focus();
    await page.keyboard.press('r');
    await page.keyboard.press('ArrowRight');
    const turned = await stamp
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.style.transform);
    expect(turned).toBe('rotate(180deg)');

    // A second stamp, then deleted: 删除 on the selected one, and clicking elsewhere deselects.
    await gallery.getByRole('button', { name: SEAL, exact: true }).click();
    const both = page.getByRole('button', { name: `已放置的${SEAL}` });
    await expect.poll(() => both.count()).toBe(2);
    await page.getByRole('button', { name: '删除', exact: true }).click();
    await expect.poll(() => both.count()).toBe(1);
    await page.getByAltText('待签章的图片').click({ position: { x: 5, y: 5 } });
    expect(await page.getByRole('button', { name: '旋转', exact: true }).count()).toBe(0);
    expect(await stamp.getAttribute('aria-pressed')).toBe('false');

    const expected = await placedBoxInImage(page, stamp);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('contract-signed.png');
    const png = readPng(await file.path());
    expect([png.width, png.height]).toEqual([W, H]);

    // Red only where the stamp was on screen (within 2% of the image), and filling that box.
    const slack = { x: W * 0.02, y: H * 0.02 };
    const red = redPixels(png, {
      x: expected.x - slack.x,
      y: expected.y - slack.y,
      width: expected.width + 2 * slack.x,
      height: expected.height + 2 * slack.y,
    });
    expect(red.outside).toBe(0);
    expect(red.inside).toBeGreaterThan(2000);
    expect(Math.abs(red.box.x - expected.x)).toBeLessThan(slack.x);
    expect(Math.abs(red.box.y - expected.y)).toBeLessThan(slack.y);
    expect(Math.abs(red.box.width - expected.width)).toBeLessThan(slack.x);
    expect(Math.abs(red.box.height - expected.height)).toBeLessThan(slack.y);
    // The page itself is unchanged away from the stamp.
    expect(pixel(png, 10, 10)).toEqual([255, 255, 255, 255]);
    expect(pixel(png, 100, 42)).toEqual([0, 0, 0, 255]);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('saves a stamp at a known place exactly as a reference composition (golden)', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await makeSealAndOpenTab(page);
    await chooseContract(page);
    const gallery = page.getByRole('region', { name: '我的印章' });
    const sealFile = page.waitForEvent('download');
    await gallery.getByRole('link', { name: `下载 ${SEAL}` }).click();
    const seal = readPng(await (await sealFile).path());

    // Placed by default: 20% of the image wide, in the middle; turned twice (180°) by key.
    await gallery.getByRole('button', { name: SEAL, exact: true }).click();
    const stamp = page.getByRole('button', { name: `已放置的${SEAL}` });
    await stamp.focus();
    await page.keyboard.press('r');
    await page.keyboard.press('r');
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    const actual = readPng(await (await saved).path());

    const side = W * 0.2;
    const box = { x: (W - side) / 2, y: (H - side) / 2, width: side, height: side };
    const expected = composeReference(PNG.sync.read(contractPng()), seal, box, true);
    const diff = new PNG({ width: W, height: H });
    const differing = pixelmatch(expected.data, actual.data, diff.data, W, H, { threshold: 0.1 });
    // Only resampling at the ink's anti-aliased edges may differ (a 3 px shift differs in ~6000).
    const limit = side * side * 0.005;
    if (differing > limit) {
      const out = path.join(tmpdir(), 'image-sign-golden');
      writeFileSync(`${out}.diff.png`, PNG.sync.write(diff));
      writeFileSync(
        `${out}.expected.png`,
        PNG.sync.write(
          Object.assign(new PNG({ width: W, height: H }), { data: Buffer.from(expected.data) }),
        ),
      );
    }
    expect(
      differing,
      `see ${path.join(tmpdir(), 'image-sign-golden.diff.png')}`,
    ).toBeLessThanOrEqual(limit);
    await context.close();
  });

  it('keeps a stamp in place on the image when the window is resized', async () => {
    const { context, page } = await openPage(app.browser, app.server.url, {
      viewport: { width: 1280, height: 800 },
    });
    await makeSealAndOpenTab(page);
    await chooseContract(page);
    await page
      .getByRole('region', { name: '我的印章' })
      .getByRole('button', { name: SEAL, exact: true })
      .click();
    const stamp = page.getByRole('button', { name: `已放置的${SEAL}` });
    await stamp.focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowLeft');
    const before = await placedBoxInImage(page, stamp);
    await page.setViewportSize({ width: 700, height: 900 });
    await expect
      .poll(async () => (await page.getByAltText('待签章的图片').boundingBox())?.width ?? 0)
      .toBeLessThan(650);
    const after = await placedBoxInImage(page, stamp);
    for (const k of ['x', 'y', 'width', 'height'] as const) {
      expect(Math.abs(after[k] - before[k])).toBeLessThan(W * 0.005);
    }
    await context.close();
  });

  it('drags with a finger on a phone', async () => {
    const { context, page } = await openPage(app.browser, app.server.url, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await makeSealAndOpenTab(page);
    await chooseContract(page);
    await page
      .getByRole('region', { name: '我的印章' })
      .getByRole('button', { name: SEAL, exact: true })
      .tap();
    const stamp = page.getByRole('button', { name: `已放置的${SEAL}` });
    await stamp.waitFor();
    await stamp.scrollIntoViewIfNeeded();
    const box = await stamp.boundingBox();
    if (!box) throw new Error('not on screen');
    const cdp = await context.newCDPSession(page);
    const at = (dx: number, dy: number) => [{ x: centre(box).x + dx, y: centre(box).y + dy }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0, 0) });
    for (let i = 1; i <= 5; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(-8 * i, 6 * i),
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const moved = await stamp.boundingBox();
    if (!moved) throw new Error('gone');
    expect(moved.x - box.x).toBeCloseTo(-40, 0);
    expect(moved.y - box.y).toBeCloseTo(30, 0);
    await context.close();
  });

  it('has no serious or critical accessibility violations with a stamp selected', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await makeSealAndOpenTab(page);
    await chooseContract(page);
    await page
      .getByRole('region', { name: '我的印章' })
      .getByRole('button', { name: SEAL, exact: true })
      .click();
    await page.getByRole('button', { name: '旋转', exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
