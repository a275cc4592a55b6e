/**
 * Large documents (issue 8), the properties that are not timings: a long PDF scrolled to its end
 * keeps a bounded number of canvases, the home page carries no PDF library, and a batch export
 * shows its progress. Timings live in `npm run bench:web`.
 */
import { gzipSync } from 'node:zlib';
import { PDF } from '@libpdf/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';
import { makePdf } from './pdfs';

const PAGES = 300;
const MAX_LIVE_CANVASES = 15;
const HOME_BUDGET_GZIP = 200 * 1024;
const NAME = '上海某某贸易有限公司';
const SEAL = `印章：${NAME}`;
/** Text only pdf.js's display layer holds, and text only our PDF engine (@libpdf/core) holds. */
const PDFJS_MARK = 'PDFWorker';
const ENGINE_MARK = 'Document has no catalog (missing /Root in trailer)';

interface Script {
  url: string;
  body: Buffer;
}

/** Every script and stylesheet the page loads from now on, workers' included, with its bytes. */
function recordScripts(page: Page): Script[] {
  const seen: Script[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (!/\.(m?js|css)$/.test(new URL(url).pathname)) return;
    seen.push({ url, body: await response.body().catch(() => Buffer.alloc(0)) });
  });
  return seen;
}

const holding = (scripts: Script[], mark: string) =>
  scripts.filter((s) => s.body.includes(mark)).map((s) => s.url);

/**
 * Counts, on every animation frame, the canvases in the page column and those holding pixels;
 * and records whether a progress bar was ever shown. Read with `readWatch`.
 */
const WATCH = `(() => {
  const w = { maxCanvases: 0, maxLive: 0, progress: false, running: true };
  window.__watch = w;
  function tick() {
    if (!w.running) return;
    const canvases = [...document.querySelectorAll('[data-loaded] canvas')];
    w.maxCanvases = Math.max(w.maxCanvases, canvases.length);
    w.maxLive = Math.max(w.maxLive, canvases.filter((c) => c.width > 0).length);
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
  new MutationObserver(() => {
    const bar = document.querySelector('progress');
    if (bar && bar.offsetParent !== null) w.progress = true;
  }).observe(document.body, { childList: true, subtree: true });
})()`;

function readWatch(page: Page) {
  return page.evaluate(
    () =>
      (
        window as unknown as {
          __watch: { maxCanvases: number; maxLive: number; progress: boolean };
        }
      ).__watch,
  );
}

describe('large documents', () => {
  const app = useApp();

  it('loads no PDF library on the home page, and stays within its size budget', async () => {
    const { context, page } = await openPage(app.browser, 'about:blank');
    const scripts = recordScripts(page);
    // Idle for 500 ms after the load: everything home loads by itself has loaded.
    await page.goto(app.server.url, { waitUntil: 'networkidle' });
    const home = [...scripts];
    expect(home.length).toBeGreaterThan(0);
    expect(holding(home, PDFJS_MARK)).toEqual([]);
    expect(holding(home, ENGINE_MARK)).toEqual([]);
    const gzipped = home.reduce((n, s) => n + gzipSync(s.body).length, 0);
    expect(gzipped).toBeLessThanOrEqual(HOME_BUDGET_GZIP);

    // The PDF签章 tab brings pdf.js and, in the export's worker, the engine, both ahead of the
    // file: the worker warms up while the visitor picks one (issue 16, the first 编辑完成).
    await page.getByRole('tab', { name: 'PDF签章' }).click();
    await page.getByLabel('选择PDF').waitFor({ state: 'attached' });
    await expect.poll(() => holding(scripts, PDFJS_MARK).length).toBeGreaterThan(0);
    await expect.poll(() => holding(scripts, ENGINE_MARK).length).toBeGreaterThan(0);
    await context.close();
  });

  it(`keeps at most ${MAX_LIVE_CANVASES} canvases scrolling ${PAGES} pages, and shows progress exporting them all`, async () => {
    const pdf = await makePdf({ label: 'Long', pages: Array(PAGES).fill([595.28, 841.89]) });
    const { context, page } = await openPage(app.browser, app.server.url, {
      viewport: { width: 1280, height: 800 },
    });
    await page.getByLabel('名称').fill(NAME);
    await page.getByAltText('印章预览').waitFor();
    await page.getByRole('tab', { name: 'PDF签章' }).click();
    const sealButton = page
      .getByRole('region', { name: '我的印章' })
      .getByRole('button', { name: SEAL, exact: true });
    await sealButton.waitFor();
    await page
      .getByLabel('选择PDF')
      .setInputFiles({ name: 'long.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.locator('[data-page="1"][data-drawn]').waitFor();
    await page.evaluate(WATCH);

    // Down two view heights at a time (a brisk Page Down) until the last page is drawn; in the
    // page, so that each step waits for frames and not for a round trip to the test.
    const scroller = page.locator('[data-loaded]');
    const last = page.locator(`[data-page="${PAGES}"][data-drawn]`);
    await scroller.evaluate(async (el, lastPage) => {
      for (let step = 0; step < 5000; step++) {
        if (el.querySelector(`[data-page="${lastPage}"][data-drawn]`)) return;
        el.scrollTop += 2 * el.clientHeight;
        await new Promise<void>((r) =>
          requestAnimationFrame(() => requestAnimationFrame(() => r())),
        );
      }
    }, PAGES);
    await last.waitFor();
    expect(await scroller.getAttribute('data-loaded')).toBe(String(PAGES));
    const scrolled = await readWatch(page);
    expect(scrolled.maxLive).toBeGreaterThan(0);
    expect(scrolled.maxLive).toBeLessThanOrEqual(MAX_LIVE_CANVASES);
    expect(scrolled.maxCanvases).toBeLessThanOrEqual(MAX_LIVE_CANVASES);
    // The first pages gave their canvases back long ago.
    expect(await page.locator('[data-page="1"] canvas').count()).toBe(0);

    // 批量签章 on every page, then 编辑完成: a progress bar, then the signed file.
    await page.getByText('批量签章', { exact: true }).click();
    await sealButton.click();
    await page.locator('[data-placement]').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '编辑完成' }).click();
    const file = await download;
    expect((await readWatch(page)).progress).toBe(true);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const signed = await PDF.load(Buffer.concat(chunks));
    expect(signed.getPageCount()).toBe(PAGES);
    await context.close();
  });
});
