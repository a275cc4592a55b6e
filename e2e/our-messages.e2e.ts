/**
 * Issue 19, "our messages only": 图片转PDF, 合成 and PDF编辑 given broken and odd files. What the
 * visitor reads is ours, in their language, names the file and says what to do; the engine's and
 * pdf.js's own words reach only the debug log. A PDF/A input to 合成 gets a line saying the merged
 * file is not PDF/A. Screenshots at 1280 and 390 px go to the temp folder.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { brokenXref, claimsPdfA } from '../packages/pdf/test/helpers/update-fixtures';
import { openPage, useApp } from './harness';
import { makePdf } from './pdfs';

const WIDTHS = [1280, 390] as const;
const png = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });
const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });
const shot = (page: Page, name: string, width: number) =>
  page.screenshot({
    path: path.join(tmpdir(), `our-messages-${name}-${width}.png`),
    fullPage: true,
  });

/** English words the engine or pdf.js would say; none may reach the screen. */
const ENGINE_WORDS =
  /could not be read as|is not a PNG|damaged or incomplete|Invalid PDF|is not a function|Expected instance|HTTP \d|worker stopped/i;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG with a right header and CRCs but pixel data that is not zlib: it passes the picker. */
function corruptPng(width: number, height: number, idat = Buffer.from('not zlib at all')): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // 8 bits
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 7000x7000 black pixels (49 MP, over the 40 MP limit) in 143 KB: 147 MB once inflated. */
function pngBomb(): Buffer {
  const side = 7000;
  return corruptPng(side, side, deflateSync(Buffer.alloc((side * 3 + 1) * side), { level: 9 }));
}

function goodPng(): Buffer {
  const image = new PNG({ width: 120, height: 80 });
  image.data.fill(200);
  return PNG.sync.write(image);
}

/** A one-page file claiming PDF/A-2B in its XMP metadata (all the engine reads of the claim). */
async function pdfA(): Promise<Buffer> {
  const plain = await makePdf({ label: 'Archive', pages: [[250, 250]] });
  return Buffer.from(await claimsPdfA(plain, 2, 'B'));
}

/** A page at `width`, in `lang`, that keeps what it logs at the debug level. */
async function open(browser: Browser, url: string, width: number, lang: 'zh-CN' | 'en') {
  const opened = await openPage(browser, 'about:blank', {
    viewport: { width, height: 900 },
  });
  await opened.context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const debug: string[] = [];
  opened.page.on('console', (m) => {
    if (m.type() === 'debug') debug.push(m.text());
  });
  await opened.page.goto(url);
  return { ...opened, debug };
}

describe('our messages only (issue 19)', () => {
  const app = useApp();

  it.each(WIDTHS)(
    '图片转PDF names the image it cannot use, in Chinese and English (%i px)',
    async (width) => {
      const zh = await open(app.browser, `${app.server.url}/pdf`, width, 'zh-CN');
      await zh.page.getByRole('tab', { name: '图片转PDF' }).click();
      const picker = zh.page.getByLabel('选择图片', { exact: true });
      const alert = zh.page.getByRole('alert');

      // A PNG whose pixel data is not zlib: the engine refuses it, the page names it.
      await picker.setInputFiles([
        png('封面.png', goodPng()),
        png('扫描件.png', corruptPng(64, 48)),
      ]);
      await zh.page.getByRole('button', { name: '生成PDF' }).click();
      await alert.filter({ hasText: '“扫描件.png”无法作为图片读取' }).waitFor();
      expect(await alert.textContent()).toContain('请换一张PNG或JPEG图片');
      expect(await alert.textContent()).not.toMatch(ENGINE_WORDS);
      expect(zh.debug.join('\n')).toMatch(/扫描件\.png[\s\S]*could not be read as PNG/);
      await shot(zh.page, 'img2pdf-corrupt-zh', width);

      // A WebP the browser cannot decode.
      await zh.page.getByRole('button', { name: '删除 扫描件.png' }).click();
      const webp = Buffer.concat([
        Buffer.from('RIFF\x20\0\0\0WEBPVP8 ', 'latin1'),
        Buffer.alloc(20, 7),
      ]);
      await picker.setInputFiles({ name: '照片.webp', mimeType: 'image/webp', buffer: webp });
      await zh.page.getByRole('button', { name: '生成PDF' }).click();
      await alert.filter({ hasText: '“照片.webp”无法作为图片读取，可能已损坏' }).waitFor();
      await zh.context.close();

      const en = await open(app.browser, `${app.server.url}/pdf`, width, 'en');
      await en.page.getByRole('tab', { name: 'Images to PDF' }).click();
      await en.page
        .getByLabel('Choose images', { exact: true })
        .setInputFiles([png('cover.png', goodPng()), png('bomb.png', pngBomb())]);
      await en.page.getByRole('button', { name: 'Make PDF' }).click();
      const tooLarge = en.page
        .getByRole('alert')
        .filter({ hasText: '“bomb.png” has too many pixels' });
      await tooLarge.waitFor();
      expect(await tooLarge.textContent()).toContain('make it smaller and try again');
      await shot(en.page, 'img2pdf-bomb-en', width);

      await en.page.getByRole('button', { name: 'Remove bomb.png' }).click();
      await en.page
        .getByLabel('Choose images', { exact: true })
        .setInputFiles(png('scan.png', corruptPng(10, 10)));
      await en.page.getByRole('button', { name: 'Make PDF' }).click();
      const corrupt = en.page
        .getByRole('alert')
        .filter({ hasText: '“scan.png” cannot be read as an image' });
      await corrupt.waitFor();
      expect(await corrupt.textContent()).not.toMatch(ENGINE_WORDS);
      await en.context.close();
    },
  );

  it.each(WIDTHS)('合成 names each file it skips and says PDF/A is lost (%i px)', async (width) => {
    const zh = await open(app.browser, `${app.server.url}/pdf`, width, 'zh-CN');
    await zh.page.getByRole('tab', { name: 'PDF合并' }).click();
    const good = await makePdf({ label: 'Good', pages: [[210, 210]] });
    const cut = good.subarray(0, 400);
    const notPdf = Buffer.from('%PDF-1.7\nThis is a letter saved with the wrong name.\n'.repeat(4));
    await zh.page
      .getByLabel('选择PDF文件')
      .setInputFiles([
        pdf('good.pdf', good),
        pdf('合同-截断.pdf', cut),
        pdf('letter.pdf', notPdf),
        pdf('archive.pdf', await pdfA()),
      ]);
    const list = zh.page.getByRole('list', { name: '待合并的文件' });
    await expect.poll(() => list.locator('[data-status="false"]').count()).toBe(2);
    await expect.poll(() => list.locator('[data-status="true"]').count()).toBe(2);
    const rows = list.getByRole('listitem');
    const cutRow = await rows.filter({ hasText: '合同-截断.pdf' }).textContent();
    expect(cutRow).toMatch(/“合同-截断\.pdf”(已损坏|不是PDF文件)[\s\S]*(请换用原始文件|请选择PDF)/);
    const letterRow = await rows.filter({ hasText: 'letter.pdf' }).textContent();
    expect(letterRow).toMatch(/“letter\.pdf”(已损坏|不是PDF文件)/);
    const pdfaRow = await rows.filter({ hasText: 'archive.pdf' }).textContent();
    expect(pdfaRow).toContain('合成生成的是新文档，不再符合 PDF/A');
    expect(await list.textContent()).not.toMatch(ENGINE_WORDS);

    const download = zh.page.waitForEvent('download');
    await zh.page.getByRole('button', { name: '合成', exact: true }).click();
    await download;
    const status = zh.page.getByRole('status').filter({ hasText: '已合成 2 页' });
    await status.waitFor();
    expect(await status.textContent()).toContain('生成的PDF不再符合 PDF/A。');
    expect(zh.debug.join('\n')).toMatch(/合同-截断\.pdf/);
    await shot(zh.page, 'merge-zh', width);
    await zh.context.close();

    const en = await open(app.browser, `${app.server.url}/pdf`, width, 'en');
    await en.page.getByRole('tab', { name: 'Merge PDFs' }).click();
    await en.page.getByLabel('Choose PDF files').setInputFiles([pdf('cut.pdf', cut)]);
    const enList = en.page.getByRole('list', { name: 'Files to merge' });
    await enList.locator('[data-status="false"]').waitFor();
    const enRow = await enList.getByRole('listitem').textContent();
    expect(enRow).toMatch(/“cut\.pdf” (is damaged|is not a PDF)/);
    expect(enRow).not.toMatch(ENGINE_WORDS);
    // The longer English lines (and the footer's contact line) wrap instead of widening the page.
    expect(await en.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await shot(en.page, 'merge-en', width);
    await en.context.close();
  });

  it.each(WIDTHS)(
    'PDF编辑 says in our words that a file cannot be opened (%i px)',
    async (width) => {
      const zh = await open(app.browser, `${app.server.url}/pdf`, width, 'zh-CN');
      await zh.page.getByRole('tab', { name: 'PDF编辑' }).click();
      const notPdf = Buffer.from(
        '%PDF-1.7\nThis is a letter saved with the wrong name.\n'.repeat(4),
      );
      await zh.page.getByLabel('选择PDF', { exact: true }).setInputFiles(pdf('letter.pdf', notPdf));
      const alert = zh.page.getByRole('alert').filter({ hasText: '“letter.pdf”' });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/“letter\.pdf”(已损坏|处理失败)[\s\S]*请/);
      expect(await zh.page.locator('body').textContent()).not.toMatch(ENGINE_WORDS);
      expect(zh.debug.join('\n')).toContain('letter.pdf');
      await shot(zh.page, 'reader-zh', width);
      await zh.context.close();
    },
  );

  it.each(WIDTHS)(
    '编辑完成 on a PDF/A file it must rewrite says the result is no longer PDF/A (%i px)',
    async (width) => {
      const { page, context } = await open(app.browser, app.server.url, width, 'zh-CN');
      await page.getByLabel('名称').fill('上海某某贸易有限公司');
      await page.getByAltText('印章预览').waitFor();
      await page.getByRole('tab', { name: 'PDF签章' }).click();
      const seal = page
        .getByRole('region', { name: '我的印章' })
        .getByRole('button', { name: '印章：上海某某贸易有限公司', exact: true });
      await seal.waitFor();
      // Broken cross-reference data: the engine repairs it and must write the file in full, which
      // drops the PDF/A claim's guarantees (packages/pdf document.ts saveUpdate).
      const damaged = brokenXref(await pdfA());
      await page.getByLabel('选择PDF').setInputFiles(pdf('档案.pdf', Buffer.from(damaged)));
      await page.locator('[data-page="1"][data-drawn]').waitFor();
      await seal.click();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: '编辑完成' }).click();
      await download;
      const notices = page.locator('[data-write-notices]');
      await notices.waitFor();
      expect(await notices.textContent()).toContain('生成的PDF不再符合 PDF/A。');
      await shot(page, 'pdfsign-pdfa-zh', width);
      await context.close();
    },
  );

  it.each(WIDTHS)(
    '从照片提取印章 names a cut-off photo, before any upload (%i px)',
    async (width) => {
      const { page, context } = await open(app.browser, app.server.url, width, 'zh-CN');
      const uploads: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/v1/stamp/parse')) uploads.push(r.url());
      });
      // Cut off, as an interrupted download leaves it: the browser would draw the missing rows
      // blank and the server answer 未找到印章, which is not what is wrong.
      const whole = goodPng();
      const cut = whole.subarray(0, whole.length - 20);
      await page.getByLabel('上传印章照片').setInputFiles(png('印章照片.png', cut));
      const alert = page.getByRole('alert').filter({ hasText: '“印章照片.png”无法读取' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('请换一张');
      expect(await page.getByRole('button', { name: '制作印章' }).count()).toBe(0);
      expect(uploads).toEqual([]);
      await shot(page, 'extract-corrupt-zh', width);
      await context.close();
    },
  );
});
