import { readFileSync } from 'node:fs';
import { PDF } from '@libpdf/core';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';
import { annotations, makePdf } from './pdfs';

/** The viewer's own frame (an about:srcdoc iframe inside <pdfjs-viewer-element>). */
async function viewerFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('about:srcdoc'))).toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith('about:srcdoc'));
  if (!frame) throw new Error('no viewer frame');
  return frame;
}

describe('/pdf: PDF编辑 with the embedded pdf.js viewer', () => {
  const app = useApp();

  it('opens a PDF, zooms to 200%, finds a word, adds a free-text note and saves it', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url);
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.getByRole('navigation').getByRole('link', { name: 'PDF工具' }).click();
    expect(await page.getByRole('tab', { name: 'PDF编辑' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    const contract = await makePdf({
      label: 'Lease',
      pages: [
        [400, 500],
        [400, 500],
      ],
      bookmarks: ['Terms', 'Signatures'],
    });
    await page.getByLabel('选择PDF', { exact: true }).setInputFiles({
      name: 'contract.pdf',
      mimeType: 'application/pdf',
      buffer: contract,
    });
    const frame = await viewerFrame(page);
    await frame.locator('#viewer .page .textLayer span').first().waitFor();
    // Our own zh-CN locale, served by us.
    await frame.getByRole('button', { name: '放大' }).waitFor();

    await frame.getByRole('combobox', { name: '缩放比例' }).selectOption('2');
    await expect
      .poll(() =>
        frame.evaluate(
          () =>
            (window as unknown as { PDFViewerApplication: { pdfViewer: { currentScale: number } } })
              .PDFViewerApplication.pdfViewer.currentScale,
        ),
      )
      .toBe(2);

    await frame.getByRole('button', { name: '查找' }).click();
    const find = frame.getByRole('textbox', { name: '查找' });
    await find.fill('contract');
    await find.press('Enter');
    await expect
      .poll(() => frame.locator('#findResultsCount').textContent())
      .toMatch(/共\D*2\D*项/);

    await frame.getByRole('button', { name: '文本' }).click();
    await frame
      .locator('#viewer .page')
      .first()
      .click({ position: { x: 120, y: 240 } });
    await page.keyboard.type('Approved by Yinzhang');
    await page.keyboard.press('Escape');
    // 保存 downloads the document with its annotations written in.
    const download = page.waitForEvent('download');
    await frame.getByRole('button', { name: '保存' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('contract.pdf');
    const bytes = readFileSync(await file.path());
    expect(bytes.includes('/FreeText')).toBe(true);
    const saved = await PDF.load(bytes);
    expect(saved.getPageCount()).toBe(2);
    expect(annotations(saved, 0)).toContainEqual({
      subtype: '/FreeText',
      contents: 'Approved by Yinzhang',
    });

    expect(foreignRequests).toEqual([]);
    expect(failed).toEqual([]);
    await context.close();
  });

  it('has the full toolbar, with the editor limits of SPEC §9', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, `${app.server.url}/pdf`);
    const doc = await makePdf({
      label: 'Doc',
      pages: [
        [300, 300],
        [300, 300],
        [300, 300],
      ],
      bookmarks: ['One', 'Two'],
    });
    await page.getByLabel('选择PDF', { exact: true }).setInputFiles({
      name: 'doc.pdf',
      mimeType: 'application/pdf',
      buffer: doc,
    });
    const frame = await viewerFrame(page);
    await frame.locator('#viewer .page .textLayer span').first().waitFor();

    for (const name of [
      '高亮',
      '文本',
      '绘图',
      '添加或编辑图片',
      '打印',
      '保存',
      '查找',
      '放大',
      '缩小',
    ]) {
      await frame.getByRole('button', { name, exact: true }).waitFor();
    }
    const zooms = await frame
      .locator('#scaleSelect option:not([hidden])')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(zooms).toEqual(
      expect.arrayContaining(['0.5', '0.75', '1', '1.25', '1.5', '2', '3', '4']),
    );

    const range = (id: string) =>
      frame
        .locator(`#${id}`)
        .evaluate((el: HTMLInputElement) => [Number(el.min), Number(el.max), Number(el.value)]);
    expect(await range('editorFreeTextFontSize')).toEqual([5, 100, 10]);
    expect((await range('editorInkThickness')).slice(0, 2)).toEqual([1, 20]);
    expect((await range('editorInkOpacity')).slice(0, 2)).toEqual([0.05, 1]);
    expect(await range('editorFreeHighlightThickness')).toEqual([8, 24, 12]);

    // Thumbnails and the outline, in the sidebar.
    await frame.getByRole('button', { name: '页面与书签' }).click();
    await expect.poll(() => frame.locator('#thumbnailsView .thumbnail').count()).toBe(3);
    await frame.locator('#viewsManagerSelectorButton').click();
    await frame.getByRole('option', { name: '书签' }).click();
    await frame.locator('#outlinesView').getByText('Two').waitFor();

    // Document properties, from the tools menu.
    await frame.getByRole('button', { name: '更多工具' }).click();
    await frame.getByRole('button', { name: '文档属性…' }).click();
    await expect.poll(() => frame.locator('#pageCountField').textContent()).toBe('3');
    await frame.getByRole('button', { name: '关闭' }).click();

    expect(foreignRequests).toEqual([]);
    await context.close();
  });
});
