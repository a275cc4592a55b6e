import { describe, expect, it } from 'vitest';
import { openStorage } from '../src/db/storage';
import { sealPhoto } from './fixtures/images';
import { PNG_SIGNATURE, testConfig } from './helpers';
import { createTestDatabase } from './pg-helpers';
import { startServerProcess } from './server-process';

function parseForm(file: Buffer, gray: string): FormData {
  const form = new FormData();
  form.append('gray', gray);
  form.append('stream', '1');
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'seal.png');
  return form;
}

describe('two instances sharing one PostgreSQL', () => {
  it('a pid made on one is served by the other; reports and marks are shared', async () => {
    const url = await createTestDatabase();
    // Started together: both run the migrations at once, under the advisory lock.
    const [a, b] = await Promise.all([
      startServerProcess({ DATABASE_URL: url, DATA_DIR: testConfig().dataDir }),
      startServerProcess({ DATABASE_URL: url, DATA_DIR: testConfig().dataDir }),
    ]);
    expect(a.url).not.toBe(b.url);

    const photo = await sealPhoto('png');
    const parsed = await fetch(`${a.url}/v1/stamp/parse`, {
      method: 'POST',
      body: parseForm(photo, '0-1-0'),
    });
    expect(parsed.status).toBe(200);
    const pid = parsed.headers.get('pid');
    expect(pid).toMatch(/^[0-9a-f]{32}$/);
    const parsedMid = parsed.headers.get('mid');

    // B never saw the upload: it can only answer from the shared database.
    const grayOn = (server: typeof b, gray: string) =>
      fetch(`${server.url}/v1/stamp/gray`, {
        method: 'POST',
        headers: { pid: pid ?? '', 'content-type': 'application/json' },
        body: JSON.stringify({ gray }),
      });
    const other = await grayOn(b, '2-12-0');
    expect(other.status).toBe(200);
    expect(other.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await other.arrayBuffer());
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // The same clarity key on B gives what A gave (extraction is deterministic).
    const same = await grayOn(b, '0-1-0');
    expect(same.status).toBe(200);
    expect(same.headers.get('mid')).toBe(parsedMid);

    // A report sent to A is in the database B uses.
    const report = await fetch(`${a.url}/v1/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: '从A发的' }),
    });
    expect(report.status).toBe(204);

    // A seal drawn on A and registered on B is one mark seen twice.
    const created = await fetch(`${a.url}/v1/stamp/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '两台共用' }),
    });
    expect(created.status).toBe(200);
    const mid = created.headers.get('mid') ?? '';
    const form = new FormData();
    form.append('file', new Blob([await created.arrayBuffer()], { type: 'image/png' }), 'seal.png');
    const marked = await fetch(`${b.url}/v1/file/mark`, { method: 'POST', body: form });
    expect(marked.status).toBe(200);
    expect(marked.headers.get('mid')).toBe(mid);

    await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
    expect([await a.exited, await b.exited]).toEqual([0, 0]);

    const storage = await openStorage(testConfig({ DATABASE_URL: url }));
    try {
      expect((await storage.repo.listReports()).map((r) => r.text)).toEqual(['从A发的']);
      expect(await storage.repo.getMark(mid)).toMatchObject({ kind: 'create', hits: 2 });
    } finally {
      await storage.close();
    }
  }, 60_000);
});
