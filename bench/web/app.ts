/** The PDF签章 tab and the /pdf viewer as a visitor uses them, for the browser benchmark. */
import type { Page } from 'playwright-core';
import { markFileChosen } from './browser';

export const NAME = '上海某某贸易有限公司';
/** The gallery button of the seal made in `makeSeal`. */
export const SEAL = `印章：${NAME}`;

/** Home, a seal made (it lands in the gallery), then the PDF签章 tab with that seal listed. */
export async function openSignTabWithSeal(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('名称').fill(NAME);
  await page.getByAltText('印章预览').waitFor();
  await page.getByRole('tab', { name: 'PDF签章' }).click();
  await page
    .getByRole('region', { name: '我的印章' })
    .getByRole('button', { name: SEAL, exact: true })
    .waitFor();
  await page.waitForLoadState('networkidle');
}

/** Home, then the PDF签章 tab (no seal made). */
export async function openSignTab(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('tab', { name: 'PDF签章' }).click();
  await page.getByLabel('选择PDF').waitFor({ state: 'attached' });
  // A visitor takes a moment to pick a file: whatever the page loads ahead has loaded.
  await page.waitForLoadState('networkidle');
}

/** Picks the PDF file in the tab (marking `bench:chosen`); does not wait for anything. */
export async function choosePdf(page: Page, file: string): Promise<void> {
  await markFileChosen(page);
  await page.getByLabel('选择PDF').setInputFiles(file);
}

/** /pdf, then the file picked in its PDF编辑 tab (marking `bench:chosen`). */
export async function openInViewer(page: Page, url: string, file: string): Promise<void> {
  await page.goto(`${url}/pdf`);
  const input = page.getByLabel('选择PDF', { exact: true });
  await input.waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await markFileChosen(page);
  await input.setInputFiles(file);
}

/**
 * Scrolls the stock viewer (in its about:srcdoc frame on /pdf) one view height per step to the
 * end of the document, calling `each` after every step.
 */
export async function scrollViewerToEnd(page: Page, each: () => Promise<void>): Promise<void> {
  const frame = page.frames().find((f) => f.url().startsWith('about:srcdoc'));
  if (!frame) throw new Error('no viewer frame');
  for (let steps = 0; steps < 100_000; steps++) {
    const atEnd = await frame.evaluate(VIEWER_STEP);
    await each();
    if (atEnd) return;
  }
}

const VIEWER_STEP = `(async () => {
  const c = document.getElementById('viewerContainer');
  c.scrollTop += c.clientHeight;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return c.scrollTop + c.clientHeight >= c.scrollHeight - 2;
})()`;

/** Pages of the open PDF loaded into the column so far. */
export async function loadedPages(page: Page): Promise<number> {
  return Number(await page.locator('[data-loaded]').getAttribute('data-loaded'));
}

/**
 * Scrolls the page column down one view height per animation frame pair, as a visitor holding
 * Page Down would, until the last page is drawn. Calls `each` every `everySteps` steps.
 */
export async function scrollToEnd(
  page: Page,
  lastPage: number,
  each: () => Promise<void>,
  everySteps = 25,
): Promise<number> {
  const scroller = page.locator('[data-loaded]');
  const drawnLast = page.locator(`[data-page="${lastPage}"][data-drawn]`);
  let steps = 0;
  for (;;) {
    const atEnd = await scroller.evaluate(async (el) => {
      el.scrollTop += el.clientHeight;
      await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
    });
    steps++;
    if (steps % everySteps === 0) await each();
    if (atEnd && (await drawnLast.count()) > 0) return steps;
    if (atEnd) await page.waitForTimeout(50);
    if (steps > 100_000) throw new Error('the column never reached its last page');
  }
}
