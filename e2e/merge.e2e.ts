import { readFileSync } from 'node:fs';
import { PDF } from '@libpdf/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';
import { encrypt, hasQpdf, makePdf, outline, pageSizes } from './pdfs';

const pdf = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/pdf', buffer });

async function openConvertTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: '文件转换' }).click();
  await page.getByLabel('选择PDF文件').waitFor({ state: 'attached' });
}

/** Names in the merge list, top to bottom. */
async function listed(list: Locator): Promise<string[]> {
  return list
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((li) => li.querySelector('[title]')?.getAttribute('title') ?? ''),
    );
}

async function dragTo(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await page.mouse.up();
}

describe('PDF合并 (文件转换 tab)', () => {
  const app = useApp();

  it('merges two PDFs in the order chosen by dragging, keeping the bookmarks', async () => {
    const { context, page, foreignRequests } = await openPage(app.browser, app.server.url);
    await openConvertTab(page);
    const alpha = await makePdf({
      label: 'Alpha',
      pages: [
        [300, 400],
        [320, 420],
      ],
      bookmarks: ['Chapter 1', 'Chapter 2'],
    });
    const bravo = await makePdf({ label: 'Bravo', pages: [[500, 300]] });
    await page
      .getByLabel('选择PDF文件')
      .setInputFiles([pdf('alpha.pdf', alpha), pdf('bravo.pdf', bravo)]);

    const list = page.getByRole('list', { name: '待合并的文件' });
    await expect.poll(() => list.locator('[data-status="true"]').count()).toBe(2);
    await list.getByText('2 页').waitFor();
    await list.getByText('1 页').waitFor();
    expect(await listed(list)).toEqual(['alpha.pdf', 'bravo.pdf']);

    await dragTo(
      page,
      page.getByRole('button', { name: '拖动排序：bravo.pdf' }),
      list.getByRole('listitem').first(),
    );
    await expect.poll(() => listed(list)).toEqual(['bravo.pdf', 'alpha.pdf']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '合成', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^merged-\d{8}-\d{6}\.pdf$/);
    const merged = await PDF.load(readFileSync(await file.path()));
    expect(pageSizes(merged)).toEqual([
      [500, 300],
      [300, 400],
      [320, 420],
    ]);
    expect(outline(merged)).toEqual([
      { title: 'bravo', children: [] },
      {
        title: 'alpha',
        children: [
          { title: 'Chapter 1', children: [] },
          { title: 'Chapter 2', children: [] },
        ],
      },
    ]);
    await page.getByRole('status').filter({ hasText: '已合成 3 页' }).waitFor();
    expect(foreignRequests).toEqual([]);
    await context.close();
  });

  it('reorders with the keyboard and the up/down buttons, and removes', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await openConvertTab(page);
    const files = await Promise.all(
      ['a', 'b', 'c'].map(async (n) =>
        pdf(`${n}.pdf`, await makePdf({ label: n, pages: [[200, 200]] })),
      ),
    );
    await page.getByLabel('选择PDF文件').setInputFiles(files);
    const list = page.getByRole('list', { name: '待合并的文件' });
    await expect.poll(() => list.locator('[data-status="true"]').count()).toBe(3);
    const handle = page.getByRole('button', { name: '拖动排序：a.pdf' });
    await handle.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => listed(list)).toEqual(['b.pdf', 'a.pdf', 'c.pdf']);
    await page.keyboard.press('End');
    await expect.poll(() => listed(list)).toEqual(['b.pdf', 'c.pdf', 'a.pdf']);
    await page.getByRole('button', { name: '上移 c.pdf' }).click();
    await expect.poll(() => listed(list)).toEqual(['c.pdf', 'b.pdf', 'a.pdf']);
    await page.getByRole('button', { name: '删除 b.pdf' }).click();
    await expect.poll(() => listed(list)).toEqual(['c.pdf', 'a.pdf']);
    await context.close();
  });

  it("alerts 'Please select an pdf file' for a file that is not a PDF and does not list it", async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await openConvertTab(page);
    const dialog = new Promise<string>((resolve) => {
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      });
    });
    await page.getByLabel('选择PDF文件').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('these are plain notes, not a PDF'),
    });
    expect(await dialog).toBe('Please select an pdf file');
    expect(await page.getByRole('list', { name: '待合并的文件' }).count()).toBe(0);
    await context.close();
  });

  it.skipIf(!hasQpdf)(
    'asks for the password of an encrypted file, and skips a damaged one (status false)',
    async () => {
      const { context, page } = await openPage(app.browser, `${app.server.url}/pdf`);
      await page.getByRole('tab', { name: 'PDF合并' }).click();
      const good = await makePdf({ label: 'Good', pages: [[250, 250]] });
      const locked = encrypt(
        await makePdf({
          label: 'Locked',
          pages: [
            [260, 260],
            [270, 270],
          ],
        }),
        'secret',
      );
      // Cut short: it still starts like a PDF, so it is picked, but it cannot be read.
      const broken = (await makePdf({ label: 'Broken', pages: [[280, 280]] })).subarray(0, 400);
      await page
        .getByLabel('选择PDF文件')
        .setInputFiles([
          pdf('good.pdf', good),
          pdf('locked.pdf', locked),
          pdf('broken.pdf', broken),
        ]);

      const dialog = page.getByRole('dialog', { name: '输入密码' });
      await dialog.getByLabel('密码').fill('guess');
      await dialog.getByRole('button', { name: '确定' }).click();
      await dialog.getByRole('alert').filter({ hasText: '密码错误' }).waitFor();
      await dialog.getByLabel('密码').fill('secret');
      await dialog.getByRole('button', { name: '确定' }).click();
      await dialog.waitFor({ state: 'detached' });

      const list = page.getByRole('list', { name: '待合并的文件' });
      await expect.poll(() => list.locator('[data-status="true"]').count()).toBe(2);
      await expect.poll(() => list.locator('[data-status="false"]').count()).toBe(1);
      await list.getByText('“broken.pdf”已损坏').waitFor();

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: '合成', exact: true }).click();
      const merged = await PDF.load(readFileSync(await (await download).path()));
      expect(pageSizes(merged)).toEqual([
        [250, 250],
        [260, 260],
        [270, 270],
      ]);
      await context.close();
    },
  );
});
