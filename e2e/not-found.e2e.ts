/**
 * Unknown addresses in a browser (issue 18 item 7): an HTML page in the app's style with a link
 * home and status 404, at desktop and phone width; `/pdf/` reaches the viewer page.
 */
import { describe, expect, it } from 'vitest';
import { openPage, seriousAxeViolations, useApp } from './harness';

const app = useApp();

describe('an address that does not exist', () => {
  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])('shows the 404 page with a link home at $width px', async (viewport) => {
    const { context, page } = await openPage(app.browser, `${app.server.url}/`, { viewport });
    try {
      const answer = await page.goto(`${app.server.url}/no/such/page?x=<b>`);
      expect(answer?.status()).toBe(404);
      expect(answer?.headers()['content-type']).toMatch(/^text\/html/);
      await expect(page.getByRole('heading', { name: '页面不存在' }).isVisible()).resolves.toBe(
        true,
      );
      // The requested address is never written into the page.
      expect(await page.content()).not.toContain('no/such/page');
      // Nothing wider than the screen at phone width.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: /返回首页/ }).click();
      await page.waitForURL(`${app.server.url}/`);
      await page.getByRole('tab', { name: '制作印章' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('/pdf/ with a trailing slash reaches the viewer page', async () => {
    const { context, page } = await openPage(app.browser, `${app.server.url}/pdf/`);
    try {
      expect(new URL(page.url()).pathname).toBe('/pdf');
      // The page is lazy: wait for its tabs rather than reading them at once.
      await page.getByRole('tab', { name: 'PDF编辑' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
