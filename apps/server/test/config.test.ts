import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST, DEFAULTS, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({}, '/srv/yz');
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/yz/data',
      webDist: DEFAULT_WEB_DIST,
      contact: 'support@yinzhang.app',
      rateLimitMax: DEFAULTS.rateLimitMax,
      rateLimitWindowMs: 60_000,
      trustProxy: false,
      logLevel: 'info',
      corsOrigins: [],
      databaseUrl: undefined,
      databasePoolMax: DEFAULTS.databasePoolMax,
      tsaUrls: [],
    });
    expect(DEFAULT_WEB_DIST.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable, resolving paths against the working directory', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/db',
        WEB_DIST: '/opt/web',
        CONTACT: 'a@b.c',
        RATE_LIMIT_MAX: '5',
        RATE_LIMIT_WINDOW_MS: '1000',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        CORS_ORIGIN: 'https://a.example, https://b.example',
        TSA_URLS: 'http://tsa.a.example/tsr, https://tsa.b.example',
      },
      '/srv/yz',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/yz/var/db',
      webDist: '/opt/web',
      contact: 'a@b.c',
      rateLimitMax: 5,
      rateLimitWindowMs: 1000,
      trustProxy: true,
      logLevel: 'warn',
      corsOrigins: ['https://a.example', 'https://b.example'],
      tsaUrls: ['http://tsa.a.example/tsr', 'https://tsa.b.example'],
    });
  });

  it('refuses a TSA_URLS entry that is not an http(s) URL', () => {
    expect(() => loadConfig({ TSA_URLS: 'http://ok.example, ftp://no.example' })).toThrow(
      /TSA_URLS/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', CORS_ORIGIN: ' ' }).port).toBe(8080);
  });

  it('is frozen', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.corsOrigins)).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['RATE_LIMIT_MAX', '0'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%s, naming it', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(key);
  });
});
