/**
 * 数字签名 in Chromium, through the labels the issue names: signing with a .p12 made by openssl and
 * with a certificate made by 生成证书, each download judged by poppler's pdfsig; and the verification
 * panel (PDF签章 and /pdf) on a file signed by an outside signer, and on that file tampered with.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDF, StandardFonts } from '@libpdf/core';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSelfSigned } from '../packages/pdf/src/sign/selfsigned';
import { type OutsideSigner, outsideSigner, pdfsigReport } from '../test-support/outside-signer';
import { type LocalTsa, startTsa } from '../test-support/tsa';
import { launchBrowser, openPage, type RunningServer, removeDir, startServer } from './harness';

const NAME = '上海某某贸易有限公司';
const SEAL = `印章：${NAME}`;
const P12_CN = 'E2E Test Signer';
const P12_PASSWORD = 'p12 密码';
const SHOTS = process.env.E2E_SCREENSHOTS;

async function twoPages(): Promise<Buffer> {
  const doc = PDF.create();
  for (let i = 1; i <= 2; i++) {
    doc
      .addPage({ width: 595.28, height: 841.89 })
      .drawText(`Contract page ${i}`, { x: 60, y: 740, size: 30, font: StandardFonts.Helvetica });
  }
  return Buffer.from(await doc.save());
}

/** pdfsig's report on every signature, as the outside signer's tests read it. */
const pdfsig = (file: string) => pdfsigReport(file);

async function saved(download: Download, dir: string): Promise<string> {
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

async function openPdfSign(page: Page, pdf: Buffer) {
  await page.getByLabel('名称').fill(NAME);
  await page.getByAltText('印章预览').waitFor();
  await page.getByRole('tab', { name: 'PDF签章' }).click();
  const seal = page
    .getByRole('region', { name: '我的印章' })
    .getByRole('button', { name: SEAL, exact: true });
  await seal.waitFor();
  await page
    .getByLabel('选择PDF')
    .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.locator('[data-page="1"][data-drawn]').waitFor();
  return seal;
}

/** Places the seal twice (one becomes the signature, one a plain stamp) and switches 数字签名 on. */
async function placeAndEnable(page: Page, pdf: Buffer) {
  const seal = await openPdfSign(page, pdf);
  const placed = page.getByRole('button', { name: `已放置的${SEAL}` });
  await seal.click();
  await expect.poll(() => placed.count()).toBe(1);
  await seal.click();
  await expect.poll(() => placed.count()).toBe(2);
  await page.getByRole('checkbox', { name: '数字签名' }).check();
}

describe('数字签名 in PDF签章', () => {
  let server: RunningServer;
  let browser: Browser;
  let pdf: Buffer;
  let signer: OutsideSigner;
  const dir = mkdtempSync(path.join(tmpdir(), 'yz-digsig-'));
  const p12 = path.join(dir, 'signer.p12');

  beforeAll(async () => {
    [server, browser, pdf] = await Promise.all([startServer(), launchBrowser(), twoPages()]);
    // A .p12 as OpenSSL 3 writes it by default (AES-256, PBKDF2).
    const at = (name: string) => path.join(dir, name);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-keyout',
        at('key.pem'),
        '-out',
        at('cert.pem'),
        '-subj',
        `/CN=${P12_CN}`,
      ],
      { stdio: 'pipe' },
    );
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      at('key.pem'),
      '-in',
      at('cert.pem'),
      '-out',
      p12,
      '-passout',
      `pass:${P12_PASSWORD}`,
    ]);
    // ASCII: openssl -subj reads no UTF-8 without -utf8, and the helper passes none.
    signer = outsideSigner('Outside Signer');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    removeDir(server.dataDir);
    signer?.dispose();
    removeDir(dir);
  });

  it('signs with a .p12: a wrong password is said next to the control; the download is valid for pdfsig', async () => {
    const { context, page, foreignRequests } = await openPage(browser, server.url, {
      viewport: { width: 1280, height: 900 },
    });
    await placeAndEnable(page, pdf);
    await page.getByLabel('证书文件').setInputFiles(p12);
    await page.getByLabel('证书密码').fill('wrong');
    await page.getByRole('button', { name: '编辑完成' }).click();
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContain('证书密码错误。');

    await page.getByLabel('证书密码').fill(P12_PASSWORD);
    if (SHOTS)
      await page.screenshot({ path: path.join(SHOTS, 'digsig-p12-1280.png'), fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const file = await saved(await download, dir);
    expect(path.basename(file)).toBe('contract-signed.pdf');
    const [sig, ...more] = pdfsig(file);
    expect(more).toEqual([]);
    expect(sig).toMatchObject({
      valid: true,
      wholeDocument: true,
      signer: P12_CN,
      type: 'ETSI.CAdES.detached',
    });
    expect(spawnSync('qpdf', ['--check', file]).status).toBe(0);
    // The placements went in before the signature, as ONE revision; then the signature's.
    const bytes = readFileSync(file);
    const eofs = (b: Buffer) => b.toString('latin1').split('%%EOF').length - 1;
    expect(eofs(bytes)).toBe(eofs(pdf) + 2);
    expect(foreignRequests).toEqual([]);

    // The panel checks the signed file when it is opened again.
    await page
      .getByLabel('选择PDF')
      .setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: bytes });
    const panel = page.getByRole('region', { name: '签名验证' });
    await panel.getByText('签名有效', { exact: true }).waitFor();
    await panel.getByText(`签名人：${P12_CN}`).waitFor();
    await context.close();
  });

  it('signs with a certificate made by 生成证书, offers its .p12 backup once, and keeps the key', async () => {
    const { context, page } = await openPage(browser, server.url, {
      viewport: { width: 390, height: 844 },
    });
    await placeAndEnable(page, pdf);
    expect(await page.getByLabel('证书名称').inputValue()).toBe(NAME);
    await page.getByRole('button', { name: '生成证书' }).click();
    await page.getByText('备份证书（仅此一次）').waitFor();
    if (SHOTS)
      await page.screenshot({ path: path.join(SHOTS, 'digsig-generate-390.png'), fullPage: true });
    await page.getByLabel('备份密码').fill('backup-pw');
    const backupDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载备份（.p12）' }).click();
    const backup = await saved(await backupDownload, dir);
    const certs = spawnSync('openssl', [
      'pkcs12',
      '-in',
      backup,
      '-nokeys',
      '-passin',
      'pass:backup-pw',
    ]);
    expect(certs.status, certs.stderr.toString()).toBe(0);
    const subject = execFileSync('openssl', ['x509', '-noout', '-subject', '-nameopt', 'utf8'], {
      input: certs.stdout,
    }).toString('utf8');
    expect(subject).toContain(NAME);
    await expect.poll(() => page.getByText('备份证书（仅此一次）').count()).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const file = await saved(await download, dir);
    expect(pdfsig(file)).toMatchObject([
      { valid: true, wholeDocument: true, signer: NAME, type: 'ETSI.CAdES.detached' },
    ]);

    // The key is kept in IndexedDB, non-extractable: after a reload it is there and still signs.
    const stored = await page.evaluate(
      () =>
        new Promise<{ extractable: boolean; type: string } | null>((resolve, reject) => {
          const open = indexedDB.open('yinzhang-signing');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('keys').objectStore('keys').get('generated');
            get.onsuccess = () => {
              const key = get.result?.privateKey as CryptoKey | undefined;
              resolve(key ? { extractable: key.extractable, type: key.type } : null);
            };
          };
        }),
    );
    expect(stored).toEqual({ extractable: false, type: 'private' });
    await page.reload();
    // The PDF and its stamps came back with the reload (issue 18): close it and start afresh.
    await page.getByRole('button', { name: '关闭PDF' }).click();
    await page.getByRole('tab', { name: '制作印章' }).click();
    await placeAndEnable(page, pdf);
    await page.getByText(`签名使用：本机证书 ${NAME}`).waitFor();
    // Made once: no backup offer on a later visit.
    expect(await page.getByText('备份证书（仅此一次）').count()).toBe(0);
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const second = await saved(await again, dir);
    expect(pdfsig(second)[0]).toMatchObject({ valid: true, signer: NAME });
    await context.close();
  });

  it('refuses a file that is not a .p12, and signs with an expired certificate after a warning', async () => {
    const expired = await createSelfSigned({
      commonName: 'Expired Signer',
      years: 1,
      now: new Date('2020-01-01T00:00:00Z'),
    });
    const expiredP12 = path.join(dir, 'expired.p12');
    writeFileSync(expiredP12, await expired.p12('old'));
    const { context, page } = await openPage(browser, server.url, {
      viewport: { width: 1280, height: 900 },
    });
    await placeAndEnable(page, pdf);
    await page.getByLabel('证书文件').setInputFiles({
      name: 'notes.p12',
      mimeType: 'application/x-pkcs12',
      buffer: Buffer.from('not a certificate at all'),
    });
    await page.getByRole('button', { name: '编辑完成' }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toContain('此文件不是 .p12/.pfx 证书文件。');

    await page.getByLabel('证书文件').setInputFiles(expiredP12);
    await page.getByLabel('证书密码').fill('old');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const file = await saved(await download, dir);
    await page
      .getByText(/^已签名，但请注意：/)
      .first()
      .waitFor();
    expect(pdfsig(file)[0]).toMatchObject({ valid: true, signer: 'Expired Signer' });
    await context.close();
  });

  it('names the signer of an outside signature, says when a byte was changed, and trusts an added certificate', async () => {
    const signed = Buffer.from(signer.sign(new Uint8Array(pdf), { field: 'Outside' }));
    expect(signer.check(signed)[0]?.valid).toBe(true);
    // One byte inside the signed range (the binary comment after the header) changed.
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('%', 1) + 1;
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const tamperedFile = path.join(dir, 'tampered.pdf');
    writeFileSync(tamperedFile, tampered);
    expect(pdfsig(tamperedFile)[0]?.valid).toBe(false);

    const { context, page } = await openPage(browser, server.url, {
      viewport: { width: 1280, height: 900 },
    });
    await openPdfSign(page, signed);
    const panel = page.getByRole('region', { name: '签名验证' });
    await panel.getByText('签名有效', { exact: true }).waitFor();
    await panel.getByText('签名人：Outside Signer').waitFor();
    await panel.getByText('证书不受信任 · 自签名').waitFor();
    // The user trusts this certificate: the same signature now shows as trusted.
    const cert = path.join(dir, 'outside.der');
    writeFileSync(cert, signer.certificate);
    await panel.getByLabel('添加信任的证书').setInputFiles(cert);
    await panel.getByText('证书可信 · 自签名').waitFor();
    if (SHOTS)
      await page.screenshot({ path: path.join(SHOTS, 'digsig-panel-1280.png'), fullPage: true });

    await page
      .getByLabel('选择PDF')
      .setInputFiles({ name: 'tampered.pdf', mimeType: 'application/pdf', buffer: tampered });
    await panel.getByText('签名无效（文件已被改动）', { exact: true }).waitFor();
    // Why, in the user's language (the engine's problem codes, not its English).
    await panel.getByText(/^问题：签名校验不通过/).waitFor();
    expect(await panel.textContent()).not.toMatch(/does not verify/);
    if (SHOTS)
      await page.screenshot({
        path: path.join(SHOTS, 'digsig-panel-tampered-1280.png'),
        fullPage: true,
      });
    await context.close();
  });

  it('shows the signatures on /pdf beside the viewer', async () => {
    const signed = Buffer.from(signer.sign(new Uint8Array(pdf), { field: 'Outside' }));
    const { context, page } = await openPage(browser, `${server.url}/pdf`, {
      viewport: { width: 390, height: 844 },
    });
    await page.getByLabel('选择PDF', { exact: true }).setInputFiles({
      name: 'outside.pdf',
      mimeType: 'application/pdf',
      buffer: signed,
    });
    const panel = page.getByRole('region', { name: '签名验证' });
    await panel.getByText('签名有效', { exact: true }).waitFor();
    await panel.getByText('签名人：Outside Signer').waitFor();
    if (SHOTS)
      await page.screenshot({ path: path.join(SHOTS, 'digsig-pdfpage-390.png'), fullPage: true });
    await context.close();
  });
});

describe('数字签名 with a timestamp through /v1/tsa', () => {
  let tsa: LocalTsa;
  let server: RunningServer;
  let browser: Browser;
  const dir = mkdtempSync(path.join(tmpdir(), 'yz-digsig-tsa-'));

  beforeAll(async () => {
    tsa = await startTsa();
    [server, browser] = await Promise.all([
      startServer({ env: { TSA_URLS: tsa.url } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    removeDir(server.dataDir);
    await tsa?.close();
    removeDir(dir);
  });

  it('signs with a timestamp from a local TSA (only the request leaves the page), shown as trusted time', async () => {
    const key = await createSelfSigned({ commonName: 'Timestamped Signer', years: 1 });
    const p12 = path.join(dir, 'ts.p12');
    writeFileSync(p12, await key.p12('pw'));
    const pdf = await twoPages();
    const { context, page, foreignRequests } = await openPage(browser, server.url, {
      viewport: { width: 1280, height: 900 },
    });
    const relayed: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/tsa') && r.method() === 'POST') {
        relayed.push(`${r.headers()['content-type']} ${r.postDataBuffer()?.length ?? 0}`);
      }
    });
    await placeAndEnable(page, pdf);
    await page.getByLabel('证书文件').setInputFiles(p12);
    await page.getByLabel('证书密码').fill('pw');
    await page.getByText('签名设置').click();
    const box = page.getByRole('checkbox', { name: /加可信时间戳/ });
    await expect.poll(() => box.isEnabled()).toBe(true);
    await box.check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const file = await saved(await download, dir);
    expect(pdfsig(file)[0]).toMatchObject({ valid: true, signer: 'Timestamped Signer' });
    expect(tsa.requests()).toBeGreaterThan(0);
    // What went to the relay: timestamp requests of a hash's size, never the document.
    expect(relayed.length).toBeGreaterThan(0);
    for (const r of relayed) {
      const [type, size] = r.split(' ');
      expect(type).toBe('application/timestamp-query');
      expect(Number(size)).toBeLessThan(200);
    }
    expect(foreignRequests).toEqual([]);
    await page
      .getByLabel('选择PDF')
      .setInputFiles({ name: 'ts.pdf', mimeType: 'application/pdf', buffer: readFileSync(file) });
    const panel = page.getByRole('region', { name: '签名验证' });
    await panel.getByText('签名有效', { exact: true }).waitFor();
    await panel.getByText(/（可信时间戳）/).waitFor();
    await context.close();
  });
});
