import { describe, expect, it } from 'vitest';
import { openDbForTest, testApp, testConfig } from './helpers';

function report(body: unknown) {
  return {
    method: 'POST' as const,
    url: '/v1/report',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  };
}

describe('POST /v1/report', () => {
  it('answers 204 once the trimmed text is stored with its time', async () => {
    const config = testConfig();
    const app = await testApp(config);
    const before = Date.now();

    const res = await app.inject(report({ text: '  印章颜色太浅  ' }));

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    // A separate connection sees it: the row is committed, not held by the app's connection.
    const rows = await openDbForTest(config.dataDir).execute(
      'SELECT text, created_at FROM reports',
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]?.text).toBe('印章颜色太浅');
    expect(Number(rows.rows[0]?.created_at)).toBeGreaterThanOrEqual(before);
  });

  it('accepts exactly 60 characters (counted as characters, not bytes)', async () => {
    const app = await testApp();
    expect((await app.inject(report({ text: '反'.repeat(60) }))).statusCode).toBe(204);
  });

  it.each([
    ['empty text', { text: '' }],
    ['whitespace text', { text: ' \n\t ' }],
    ['61 characters', { text: '反'.repeat(61) }],
    ['61 ASCII characters', { text: 'x'.repeat(61) }],
    ['no text', {}],
    ['text of the wrong type', { text: 42 }],
  ])('answers 400 for %s and stores nothing', async (_label, body) => {
    const config = testConfig();
    const app = await testApp(config);
    const res = await app.inject(report(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'INVALID_INPUT' } });
    const rows = await openDbForTest(config.dataDir).execute('SELECT count(*) AS n FROM reports');
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('answers 400 for broken JSON and 415 for text/plain', async () => {
    const app = await testApp();
    const broken = await app.inject({
      method: 'POST',
      url: '/v1/report',
      headers: { 'content-type': 'application/json' },
      payload: '{"text":',
    });
    expect(broken.statusCode).toBe(400);
    const plain = await app.inject({
      method: 'POST',
      url: '/v1/report',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(plain.statusCode).toBe(415);
  });
});
