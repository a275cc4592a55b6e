import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, useApp } from './harness';
import { countRed, pixel, readPng } from './png';

/**
 * A photographed-looking seal, drawn in the page: off-white paper with uneven light, printed black
 * lines crossing a red ring with a star and characters, noise, saved as JPEG. Returns base64.
 */
async function sealPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const W = 1200;
    const H = 900;
    const canvas = new OffscreenCanvas(W, H);
    const g = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    const light = g.createRadialGradient(W * 0.35, H * 0.3, 40, W / 2, H / 2, W * 0.8);
    light.addColorStop(0, '#f7f4ee');
    light.addColorStop(1, '#d8d1c4');
    g.fillStyle = light;
    g.fillRect(0, 0, W, H);

    const [cx, cy, r] = [620, 460, 230];
    g.save();
    g.globalAlpha = 0.85;
    g.strokeStyle = g.fillStyle = 'rgb(204, 30, 42)';
    g.lineWidth = 14;
    g.beginPath();
    g.arc(cx, cy, r, 0, Math.PI * 2);
    g.stroke();
    g.beginPath();
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 === 0 ? 70 : 28;
      g.lineTo(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
    }
    g.closePath();
    g.fill();
    g.font = 'bold 52px serif';
    g.textAlign = 'center';
    const text = 'YINZHANGSEALCO';
    for (let i = 0; i < text.length; i++) {
      const a = -Math.PI / 2 - 1.9 + (3.8 * i) / (text.length - 1);
      g.save();
      g.translate(cx + (r - 50) * Math.cos(a), cy + (r - 50) * Math.sin(a));
      g.rotate(a + Math.PI / 2);
      g.fillText(text[i] ?? '', 0, 18);
      g.restore();
    }
    g.fillRect(cx - 110, cy + 110, 220, 26);
    g.restore();

    // Printed lines of a contract, some crossing the seal.
    g.fillStyle = 'rgb(30, 30, 34)';
    for (let y = 90, n = 0; y < H - 60; y += 52, n++) {
      g.fillRect(80, y, W - 160 - ((n * 97) % 260), 12);
    }

    // Sensor noise from a fixed seed.
    const img = g.getImageData(0, 0, W, H);
    let seed = 12345;
    for (let i = 0; i < img.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = ((seed >> 16) % 17) - 8;
      img.data[i] = (img.data[i] ?? 0) + n;
      img.data[i + 1] = (img.data[i + 1] ?? 0) + n;
      img.data[i + 2] = (img.data[i + 2] ?? 0) + n;
    }
    g.putImageData(img, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

interface SentForm {
  gray: unknown;
  stream: unknown;
  type: string;
  width: number;
  height: number;
}

/**
 * Playwright cannot see a multipart body that holds a Blob, so the page's fetch is wrapped to note
 * what /v1/stamp/parse was sent (the app itself is unchanged).
 */
function recordParseForm(): void {
  const original = window.fetch;
  window.fetch = async (input, init) => {
    const body = init?.body;
    if (String(input).endsWith('/v1/stamp/parse') && body instanceof FormData) {
      const file = body.get('file');
      const bitmap = file instanceof Blob ? await createImageBitmap(file) : null;
      const sent: SentForm = {
        gray: body.get('gray'),
        stream: body.get('stream'),
        type: file instanceof Blob ? file.type : '',
        width: bitmap?.width ?? 0,
        height: bitmap?.height ?? 0,
      };
      (window as unknown as { sentForm: SentForm }).sentForm = sent;
    }
    return original(input, init);
  };
}

describe('extracting a seal from a photo', () => {
  const app = useApp();

  it('alerts for a file that is not an image, and for one over 5 MB', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url);
    const upload = page.getByLabel('上传印章照片');
    // The alert may open before setInputFiles returns: dismiss it from the event itself.
    const alertFor = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const message = new Promise<string>((resolve) =>
        page.once('dialog', (d) => {
          void d.dismiss().then(() => resolve(d.message()));
        }),
      );
      await upload.setInputFiles(file);
      return message;
    };
    const text = Buffer.from('this is not a picture at all');
    expect(await alertFor({ name: 'seal.png', mimeType: 'image/png', buffer: text })).toBe(
      'Please select an image file',
    );
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    expect(await alertFor({ name: 'big.png', mimeType: 'image/png', buffer: big })).toBe(
      'The file is more than 5MB',
    );
    expect(await page.getByRole('button', { name: '制作印章' }).count()).toBe(0);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('upload, crop with the buttons, 制作印章, clarity, 透明背景 and 下载', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url);
    await context.addInitScript(recordParseForm);
    await page.reload();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.getByLabel('上传印章照片').setInputFiles({
      name: 'contract.jpg',
      mimeType: 'image/jpeg',
      buffer: await sealPhoto(page),
    });

    const photo = page.getByAltText('待裁剪的照片');
    await photo.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="待裁剪的照片"]');
      return img?.complete && img.naturalWidth === 1200 && img.style.transform.includes('scale');
    });
    const transform = () => photo.evaluate((img: HTMLImageElement) => img.style.transform);
    const start = await transform();
    const tools = page.getByRole('group', { name: '裁剪工具' });
    await tools.getByRole('button', { name: '放大' }).click();
    await tools.getByRole('button', { name: '放大' }).click();
    await tools.getByRole('button', { name: '缩小' }).click();
    for (let i = 0; i < 3; i++) await tools.getByRole('button', { name: '左移' }).click();
    await tools.getByRole('button', { name: '上移' }).click();
    await tools.getByRole('button', { name: '旋转' }).click();
    expect(await transform()).toContain('rotate(45deg)');
    for (let i = 0; i < 7; i++) await tools.getByRole('button', { name: '旋转' }).click();
    expect(await transform()).toContain('rotate(0deg)');
    expect(await transform()).not.toBe(start);
    // The crop box is keyboard reachable: arrow keys move the photo.
    const beforeKey = await transform();
    await page.getByRole('group', { name: '裁剪框（方向键移动照片）' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await transform()).not.toBe(beforeKey);

    const parsed = page.waitForResponse((r) => r.url().endsWith('/v1/stamp/parse'));
    await page.getByRole('button', { name: '制作印章' }).click();
    const parse = await parsed;
    expect(parse.status()).toBe(200);
    const pid = parse.headers().pid;
    expect(pid).toMatch(/^[0-9a-f]{32}$/);
    expect(parse.headers().mid).toMatch(/^[0-9a-f]{32}$/);
    const sent = await page.evaluate(() => (window as unknown as { sentForm: SentForm }).sentForm);
    expect(sent).toEqual({
      // Seal mode starts with the automatic clarity (issue 17).
      gray: '0-auto-0',
      stream: '1',
      type: 'image/png',
      width: 512,
      height: 512,
    });
    await page.getByAltText('提取的印章').waitFor();
    await expect.poll(() => page.getByRole('button', { name: '制作印章' }).isEnabled()).toBe(true);
    expect(await page.getByRole('switch', { name: '自动' }).isChecked()).toBe(true);
    if (process.env.SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: `${process.env.SHOTS}/extract-${width}.png`,
          fullPage: true,
        });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    const slider = page.getByRole('slider', { name: '清晰度' });
    const grayed = page.waitForRequest((r) => r.url().endsWith('/v1/stamp/gray'));
    await slider.focus();
    await slider.press('ArrowRight');
    const gray = await grayed;
    expect(gray.headers().pid).toBe(pid);
    expect(gray.postDataJSON()).toEqual({ gray: '0-2-0' });
    expect((await gray.response())?.status()).toBe(200);
    const download = page.getByRole('link', { name: '下载' }).last();
    await expect.poll(() => download.getAttribute('download')).toBe('seal-0-2-0.png');

    // Another mode is another key; coming back takes the cached stamp without a request.
    const grays: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/stamp/gray')) grays.push(r.postDataJSON().gray);
    });
    await page.getByRole('radio', { name: '图片模式' }).click();
    await expect.poll(() => download.getAttribute('download')).toBe('seal-2-12-0.png');
    await page.getByRole('radio', { name: '印章模式' }).click();
    await expect.poll(() => download.getAttribute('download')).toBe('seal-0-2-0.png');
    expect(grays).toEqual(['2-12-0']);

    const stage = page.getByAltText('提取的印章').locator('..');
    expect(await stage.getAttribute('data-checkered')).toBe('false');
    await page.getByRole('switch', { name: '透明背景' }).click();
    expect(await stage.getAttribute('data-checkered')).toBe('true');
    const background = await stage.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toContain('linear-gradient');

    const file = page.waitForEvent('download');
    await download.click();
    const saved = await file;
    expect(saved.suggestedFilename()).toBe('seal-0-2-0.png');
    const png = readPng(await saved.path());
    expect([png.width, png.height]).toEqual([512, 512]);
    expect(pixel(png, 0, 0)[3]).toBe(0);
    let transparent = 0;
    for (let i = 3; i < png.data.length; i += 4) if (png.data[i] === 0) transparent++;
    expect(transparent).toBeGreaterThan(png.width * png.height * 0.5);
    expect(countRed(png)).toBeGreaterThan(3000);

    const stored = await page.evaluate(() => localStorage.getItem('stamp'));
    expect(stored?.startsWith('data:image/png;base64,')).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(foreignRequests).toEqual([]);
    await context.close();
  });
});
