import { describe, expect, it } from 'vitest';
import { describeDatabase, loadConfig } from '../src/config';

describe('DATABASE_URL', () => {
  it.each([
    ['postgres://yz@db.internal:5432/yinzhang', true],
    ['postgresql://yz:pw@127.0.0.1/yinzhang?sslmode=require', true],
    ['postgres://[::1]:5432/yz', true],
    ['mysql://yz@db/yinzhang', false],
    ['sqlite:./data/yinzhang.db', false],
    ['file:/srv/yz.db', false],
    ['postgres:///yinzhang', false],
    ['db.internal:5432', false],
    ['postgres', false],
  ])('%s is accepted: %s', (url, ok) => {
    const load = () => loadConfig({ DATABASE_URL: url }, '/srv/yz');
    if (ok) expect(load().databaseUrl).toBe(url);
    else expect(load).toThrow(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
  });

  it('never repeats the value in the error, since it may hold a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter22@db/x' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter22') }),
    );
  });

  it('unset or empty keeps SQLite in DATA_DIR', () => {
    expect(loadConfig({}, '/srv/yz').databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: ' ' }, '/srv/yz').databaseUrl).toBeUndefined();
  });

  it.each([
    ['1', 1],
    ['12', 12],
  ])('DATABASE_POOL_MAX=%s sizes the pool', (value, max) => {
    expect(loadConfig({ DATABASE_POOL_MAX: value }).databasePoolMax).toBe(max);
  });

  it.each(['0', '-1', '2.5', 'many', '101'])('DATABASE_POOL_MAX=%s is refused', (value) => {
    expect(() => loadConfig({ DATABASE_POOL_MAX: value })).toThrow(/DATABASE_POOL_MAX/);
  });
});

describe('describeDatabase', () => {
  it.each([
    [{ databaseUrl: undefined, dataDir: '/srv/yz/data' }, 'sqlite:/srv/yz/data'],
    [
      { databaseUrl: 'postgres://yz:s3cret@db:5432/yinzhang', dataDir: '/d' },
      'postgres://yz:***@db:5432/yinzhang',
    ],
    [{ databaseUrl: 'postgresql://yz@db/yinzhang', dataDir: '/d' }, 'postgresql://yz@db/yinzhang'],
    [
      { databaseUrl: 'postgres://db/yz?user=yz&password=s3cret', dataDir: '/d' },
      'postgres://db/yz?user=yz&password=***',
    ],
  ])('%o is logged as %s', (config, shown) => {
    const text = describeDatabase(config);
    expect(decodeURIComponent(text)).toBe(shown);
    expect(text).not.toContain('s3cret');
  });
});
