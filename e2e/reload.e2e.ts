import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';

describe('a 419 answer', () => {
  const app = useApp();

  it('reloads the page (SPEC §7)', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    await page.route('**/v1/stamp/create', (route) =>
      route.fulfill({
        status: 419,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'SESSION_EXPIRED', message: 'expired' } }),
      }),
    );
    const reloaded = page.waitForEvent('load');
    await page.getByLabel('名称').fill('上海某某有限公司');
    await reloaded;
    const marker = await page.evaluate(
      () => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false,
    );
    expect(marker).toBe(false);
    await context.close();
  });
});
