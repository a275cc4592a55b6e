import path from 'node:path';
import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { openPage, startServer, useApp } from './harness';

describe('feedback', () => {
  const app = useApp();

  it('is sent, thanked for, and still in the database after a server restart', async () => {
    const text = `印章颜色可以再深一点 ${Date.now()}`;
    const { context, page } = await openPage(app.browser, app.server.url);
    await page.getByRole('button', { name: '问题反馈' }).click();
    const box = page.getByPlaceholder('问题反馈...');
    await box.fill(`   ${text}   `);
    const sent = page.waitForResponse((r) => r.url().endsWith('/v1/report'));
    await page.getByRole('button', { name: '发送' }).click();
    expect((await sent).status()).toBe(204);
    await page.getByRole('status').filter({ hasText: '感谢反馈' }).waitFor();
    expect(await box.inputValue()).toBe('');
    await context.close();

    expect(await app.server.stop()).toBe(0);
    app.server = await startServer({ dataDir: app.server.dataDir });
    const db = createClient({ url: `file:${path.join(app.server.dataDir, 'yinzhang.db')}` });
    const rows = await db.execute({ sql: 'SELECT text FROM reports WHERE text = ?', args: [text] });
    db.close();
    expect(rows.rows).toHaveLength(1);
  });

  it('does not send empty or blank text', async () => {
    const { context, page } = await openPage(app.browser, app.server.url);
    let reports = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/report')) reports++;
    });
    await page.getByRole('button', { name: '问题反馈' }).click();
    await page.getByPlaceholder('问题反馈...').fill('    ');
    const send = page.getByRole('button', { name: '发送' });
    if (await send.isEnabled()) await send.click();
    await page.waitForTimeout(300);
    expect(reports).toBe(0);
    await context.close();
  });
});
