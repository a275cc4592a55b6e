import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE } from '../src/http/web';
import { tempDir, testApp, testConfig } from './helpers';

const INDEX = '<!doctype html><title>印章</title><div id="root"></div>';

function fakeWebDist(): string {
  const dir = tempDir('yinzhang-web-');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'x-abc123.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('the built web app', () => {
  it.each(['/', '/pdf'])('%s answers index.html, revalidated every time', async (url) => {
    const app = await testApp(testConfig({ WEB_DIST: fakeWebDist() }));
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const app = await testApp(testConfig({ WEB_DIST: fakeWebDist() }));
    const res = await app.inject('/assets/x-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files revalidated', async () => {
    const app = await testApp(testConfig({ WEB_DIST: fakeWebDist() }));
    const res = await app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/assets/missing.js',
    '/pdf/deeper',
    '/other',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
  ])('%s is a 404', async (url) => {
    const app = await testApp(testConfig({ WEB_DIST: fakeWebDist() }));
    const res = await app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
  });

  it.each(['/other', '/pdf/deeper', '/assets/missing.js'])(
    '%s answers a browser with the HTML 404 page, status 404, a link home',
    async (url) => {
      const app = await testApp(testConfig({ WEB_DIST: fakeWebDist() }));
      const res = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<a href="/">');
      expect(res.body).toContain('页面不存在');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.body).not.toContain('<script');
    },
  );

  it('never writes the requested path into the 404 page', async () => {
    const app = await testApp(testConfig({ WEB_DIST: fakeWebDist() }));
    const res = await app.inject({
      url: '/%3Cimg%20src=x%20onerror=alert(1)%3E',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('onerror');
  });

  it.each([
    ['/v1/nope', 'text/html'],
    ['/v1/nope', 'application/json'],
    ['/other', 'application/json'],
    ['/other', '*/*'],
  ])('%s with Accept %s keeps the JSON 404', async (url, accept) => {
    const app = await testApp(testConfig({ WEB_DIST: fakeWebDist() }));
    const res = await app.inject({ url, headers: { accept } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('/pdf/ redirects to /pdf', async () => {
    const app = await testApp(testConfig({ WEB_DIST: fakeWebDist() }));
    const res = await app.inject('/pdf/');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/pdf');
  });

  it('answers 503 with what to do when the app is not built', async () => {
    const app = await testApp(testConfig({ WEB_DIST: tempDir('yinzhang-empty-web-') }));
    const res = await app.inject('/');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('npm run build');
  });

  it('picks up a build made while the server runs', async () => {
    const dist = tempDir('yinzhang-late-web-');
    const app = await testApp(testConfig({ WEB_DIST: dist }));
    expect((await app.inject('/')).statusCode).toBe(503);
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    expect((await app.inject('/')).statusCode).toBe(200);
  });

  it('sends security headers on pages too', async () => {
    const app = await testApp(testConfig({ WEB_DIST: fakeWebDist() }));
    const res = await app.inject('/');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
