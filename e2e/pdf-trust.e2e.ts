/**
 * Issue 14 in Chromium: 编辑完成 in PDF签章 keeps what a PDF already holds. A pdfsig-signed file
 * says how many signatures it carries and its download still passes pdfsig; an AES-256 file keeps
 * its password (qpdf) unless 移除密码 is ticked; a file whose permissions forbid changes is
 * stamped only after the owner password or a confirmation; PDF合并 says which file's signatures a
 * merge drops. Screenshots at 1280 and 390 px go to the temp folder.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDF, StandardFonts } from '@libpdf/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenXref, certified } from '../packages/pdf/test/helpers/update-fixtures';
import {
  type OutsideSigner,
  outsideSigner,
  qpdf,
  qpdfCheck,
  qpdfEncrypt,
  qpdfEncryption,
  withXrefTable,
} from '../test-support/outside-signer';
import { openPage, useApp } from './harness';

const NAME = '上海某某贸易有限公司';
const SEAL = `印章：${NAME}`;
const WIDTHS = [1280, 390] as const;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(tmpdir(), `pdf-trust-${name}.png`), fullPage: false });

async function threePages(): Promise<Uint8Array> {
  const doc = PDF.create();
  for (let i = 1; i <= 3; i++) {
    doc
      .addPage({ width: 595.28, height: 841.89 })
      .drawText(`Page ${i}`, { x: 60, y: 740, size: 36, font: StandardFonts.Helvetica });
  }
  return doc.save();
}

async function openPdfTab(page: Page) {
  await page.getByLabel('名称').fill(NAME);
  await page.getByAltText('印章预览').waitFor();
  await page.getByRole('tab', { name: 'PDF签章' }).click();
  await sealButton(page).waitFor();
}

const sealButton = (page: Page) =>
  page.getByRole('region', { name: '我的印章' }).getByRole('button', { name: SEAL, exact: true });

async function choose(page: Page, name: string, bytes: Uint8Array) {
  await page
    .getByLabel('选择PDF')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
}

async function unlock(page: Page, password: string, removePassword: boolean) {
  await page.getByLabel('密码', { exact: true }).fill(password);
  const remove = page.getByRole('checkbox', { name: '移除密码' });
  expect(await remove.isChecked()).toBe(false);
  if (removePassword) await remove.check();
  await page.getByRole('button', { name: '打开', exact: true }).click();
}

/** Places the seal on the page in view and downloads 编辑完成's result. */
async function stampAndDownload(page: Page): Promise<Uint8Array> {
  await page.locator('[data-page="1"][data-drawn]').waitFor();
  await sealButton(page).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '编辑完成' }).click();
  const file = await download;
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

const startsWith = (output: Uint8Array, input: Uint8Array) =>
  output.length > input.length && Buffer.from(output.subarray(0, input.length)).equals(input);

describe('PDF签章 keeps signatures and passwords', () => {
  const app = useApp();
  let signer: OutsideSigner;
  let plain: Uint8Array;
  let signed: Uint8Array;

  beforeAll(async () => {
    signer = outsideSigner();
    plain = withXrefTable(await threePages());
    signed = signer.sign(plain, { field: 'Buyer' });
  });
  afterAll(() => signer?.dispose());

  it('a signed PDF: the line says 1 signature; the download still passes pdfsig', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await openPdfTab(page);
    await choose(page, 'signed.pdf', signed);
    const line = page.locator('[data-signatures]');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^此PDF带有 1 个数字签名。.*原有签名保持有效/);
    const out = await stampAndDownload(page);
    expect(startsWith(out, signed)).toBe(true);
    expect(signer.check(out).map((c) => [c.field, c.valid])).toEqual([['Buyer', true]]);
    expect(qpdfCheck(out)).toBeNull();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await line.scrollIntoViewIfNeeded();
      await shot(page, `signed-${width}`);
    }
    await context.close();
  });

  it.each([
    [false, 'AES-256'],
    [true, null],
  ] as const)(
    'an AES-256 PDF, 移除密码 %s: the output is encrypted as %s',
    async (remove, method) => {
      const locked = qpdfEncrypt(plain, {
        method: 'AES-256',
        userPassword: 'user',
        ownerPassword: 'owner',
      });
      const { context, page } = await openPage(app.browser, app.server.url);
      await openPdfTab(page);
      await choose(page, 'locked.pdf', locked);
      await page.getByRole('checkbox', { name: '移除密码' }).waitFor();
      if (!remove) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await shot(page, `password-dialog-${width}`);
        }
      }
      await unlock(page, 'user', remove);
      const out = await stampAndDownload(page);
      if (method) {
        expect(qpdfEncryption(out, 'user')).toBe(method);
        expect(qpdfEncryption(out, 'owner')).toBe(method);
        expect(startsWith(out, locked)).toBe(true);
        expect(qpdfCheck(out, 'user')).toBeNull();
        await page.getByText('已保留原密码。').waitFor();
      } else {
        expect(qpdfEncryption(out, '')).toBeNull();
        expect(qpdfCheck(out)).toBeNull();
        await page.getByText('已移除密码：生成的PDF没有密码。').waitFor();
      }
      await context.close();
    },
  );

  it('an AES-256 PDF whose owner password is empty opens without a prompt and keeps its password', async () => {
    // pdf.js never tries the empty owner password (qpdf and the engine do): the tab shows a copy
    // written without the encryption, and stamps the file itself (issue 19; pdf.js's pr6531_2.pdf).
    const locked = qpdf(plain, ['--encrypt', 'user', '', '256', '--allow-insecure', '--']);
    const { context, page } = await openPage(app.browser, app.server.url);
    await openPdfTab(page);
    await choose(page, 'empty-owner.pdf', locked);
    const out = await stampAndDownload(page);
    expect(await page.getByLabel('密码', { exact: true }).count()).toBe(0);
    expect(startsWith(out, locked)).toBe(true);
    expect(qpdfEncryption(out, 'user')).toBe('AES-256');
    expect(qpdfCheck(out, 'user')).toBeNull();
    await context.close();
  });

  it('permissions that forbid changes: said before stamping; refused next to 编辑完成 until confirmed', async () => {
    const restricted = qpdfEncrypt(plain, {
      method: 'AES-256',
      userPassword: 'user',
      ownerPassword: 'owner',
      restrictions: ['--modify=none'],
    });
    const { context, page } = await openPage(app.browser, app.server.url);
    await openPdfTab(page);
    await choose(page, 'restricted.pdf', restricted);
    await unlock(page, 'user', false);
    await page.getByText(/此PDF的权限不允许修改/).waitFor();
    await page.locator('[data-page="1"][data-drawn]').waitFor();
    await sealButton(page).click();
    await page.getByRole('button', { name: '编辑完成' }).click();
    // The refusal sits right after the button, in the side panel.
    const refusal = page.locator('aside [data-refusal="RESTRICTED"]');
    await refusal.waitFor();
    expect(await refusal.getAttribute('role')).toBe('alert');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await refusal.scrollIntoViewIfNeeded();
      await shot(page, `restricted-${width}`);
    }
    // A wrong owner password is said; the confirmation lets the stamp through.
    await page.getByLabel('所有者密码').fill('user');
    await page.getByRole('button', { name: '使用所有者密码' }).click();
    await page.getByText('这不是此PDF的所有者密码。').waitFor();
    await page.getByRole('checkbox', { name: '我确认忽略权限限制，仍要盖章' }).check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const chunks: Buffer[] = [];
    for await (const c of await (await download).createReadStream()) chunks.push(c as Buffer);
    const out = new Uint8Array(Buffer.concat(chunks));
    expect(qpdfEncryption(out, 'user')).toBe('AES-256');
    expect(startsWith(out, restricted)).toBe(true);
    expect(await refusal.count()).toBe(0);
    await context.close();
  });

  it.each([
    [
      'a certification allowing no changes',
      'CERTIFIED_NO_CHANGES',
      /无法盖章：此PDF的认证签名不允许任何修改/,
    ],
    ['a signed file that needs repair', 'SIGNED_NEEDS_REPAIR', /会使其中的数字签名失效/],
  ] as const)(
    '%s: 编辑完成 refuses with a message next to it, no download',
    async (_, code, text) => {
      const bytes =
        code === 'CERTIFIED_NO_CHANGES' ? await certified(plain, 1) : brokenXref(signed);
      const { context, page } = await openPage(app.browser, app.server.url);
      await openPdfTab(page);
      let downloads = 0;
      page.on('download', () => downloads++);
      await choose(page, 'refused.pdf', bytes);
      await page.locator('[data-page="1"][data-drawn]').waitFor();
      if (code === 'CERTIFIED_NO_CHANGES') {
        await page.getByText('此PDF有认证签名，不允许任何修改，因此无法盖章。').waitFor();
      }
      await sealButton(page).click();
      await page.getByRole('button', { name: '编辑完成' }).click();
      const refusal = page.locator(`aside [data-refusal="${code}"]`);
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(text);
      expect(downloads).toBe(0);
      await context.close();
    },
  );

  it('PDF合并: the row of a signed file says its signatures are dropped, before 合成', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('tab', { name: '文件转换' }).click();
    await page.getByLabel('选择PDF文件').setInputFiles([
      { name: 'signed.pdf', mimeType: 'application/pdf', buffer: Buffer.from(signed) },
      { name: 'plain.pdf', mimeType: 'application/pdf', buffer: Buffer.from(plain) },
    ]);
    const list = page.getByRole('list', { name: '待合并的文件' });
    const note = list.getByText('带有 1 个数字签名，合成后不保留（合并生成的是新文档）');
    await note.waitFor();
    expect(await list.locator('[data-signatures-dropped]').count()).toBe(1);
    const row = list.getByRole('listitem').filter({ hasText: '带有 1 个数字签名' });
    expect(await row.textContent()).toContain('signed.pdf');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await note.scrollIntoViewIfNeeded();
      await shot(page, `merge-${width}`);
    }
    // The /pdf page's PDF合并 tab is the same component: a signed file says the same there.
    await page.goto(`${app.server.url}/pdf`);
    await page.getByRole('tab', { name: 'PDF合并' }).click();
    await page
      .getByLabel('选择PDF文件')
      .setInputFiles([
        { name: 'signed.pdf', mimeType: 'application/pdf', buffer: Buffer.from(signed) },
      ]);
    await page
      .getByRole('list', { name: '待合并的文件' })
      .getByText('带有 1 个数字签名，合成后不保留（合并生成的是新文档）')
      .waitFor();
    await context.close();
  });
});
