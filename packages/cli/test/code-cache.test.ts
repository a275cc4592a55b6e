/**
 * The engine's code cache (src/code-cache.ts): made on the first run, used on the next, remade
 * when V8 rejects it, and never in the way when the cache folder cannot be written.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheDir, cacheFile, loadCommonJs } from '../src/code-cache';

const work = mkdtempSync(join(tmpdir(), 'yinzhang-code-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A CommonJS bundle like the engine: requires a built-in and a file beside it. */
function bundle(name: string, body = ''): string {
  const dir = mkdtempSync(join(work, 'bundle-'));
  writeFileSync(join(dir, 'helper.cjs'), 'module.exports = { twice: (n) => 2 * n };');
  const file = join(dir, name);
  writeFileSync(
    file,
    `const { join } = require('node:path');
const { twice } = require('./helper.cjs');
exports.answer = twice(21);
exports.here = join(__dirname, 'x') === require('node:path').join(${JSON.stringify(dir)}, 'x');
${body}`,
  );
  return file;
}

describe('loadCommonJs', () => {
  it('makes the cache on the first run and uses it on the next', () => {
    const file = bundle('engine-AAAA1111.cjs', 'function f() { return 1; } f();');
    const dir = join(work, 'cache-1');
    const first = loadCommonJs(file, dir);
    expect(first.exports).toEqual({ answer: 42, here: true });
    expect(first.state).toBe('made');
    first.save();
    expect(existsSync(cacheFile(dir, file))).toBe(true);
    const second = loadCommonJs(file, dir);
    expect(second.state).toBe('used');
    expect(second.exports.answer).toBe(42);
  });

  it('remakes a cache V8 rejects (damaged, or made for other code)', () => {
    const file = bundle('engine-BBBB2222.cjs');
    const dir = join(work, 'cache-2');
    mkdirSync(dir, { recursive: true });
    writeFileSync(cacheFile(dir, file), 'not V8 code at all');
    const loaded = loadCommonJs(file, dir);
    expect(loaded.state).toBe('rejected');
    expect(loaded.exports.answer).toBe(42);
    loaded.save();
    expect(loadCommonJs(file, dir).state).toBe('used');
  });

  it('removes the caches of earlier builds of the same bundle when it writes', () => {
    const dir = join(work, 'cache-3');
    const old = bundle('engine-CCCC3333.cjs');
    loadCommonJs(old, dir).save();
    const other = bundle('lazy-DDDD4444.cjs');
    loadCommonJs(other, dir).save();
    const now = bundle('engine-EEEE5555.cjs', 'exports.v = 2;');
    loadCommonJs(now, dir).save();
    expect(readdirSync(dir).sort()).toEqual(
      [cacheFile(dir, now), cacheFile(dir, other)].map((p) => p.slice(dir.length + 1)).sort(),
    );
  });

  it('runs without a cache when the folder cannot be made or written', () => {
    const file = bundle('engine-FFFF6666.cjs');
    const blocked = join(work, 'a-file');
    writeFileSync(blocked, '');
    const underFile = loadCommonJs(file, join(blocked, 'cache'));
    expect(underFile.exports.answer).toBe(42);
    expect(() => underFile.save()).not.toThrow();

    const readOnly = join(work, 'read-only');
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o500);
    const loaded = loadCommonJs(file, readOnly);
    expect(() => loaded.save()).not.toThrow();
    chmodSync(readOnly, 0o700);
    // (root may write anyway; then the cache is simply there)
    expect(loadCommonJs(file, readOnly).exports.answer).toBe(42);
  });

  it('with no cache folder, compiles every time and writes nothing', () => {
    const file = bundle('engine-GGGG7777.cjs');
    const loaded = loadCommonJs(file, undefined);
    expect(loaded.state).toBe('off');
    expect(loaded.exports.answer).toBe(42);
    expect(() => loaded.save()).not.toThrow();
  });
});

describe('cacheDir', () => {
  it.each([
    ['own folder', { YINZHANG_CACHE_DIR: '/c/yz' }, 'linux', '/c/yz'],
    ['turned off', { YINZHANG_CACHE_DIR: '' }, 'linux', undefined],
    ['XDG', { XDG_CACHE_HOME: '/x' }, 'linux', '/x/yinzhang'],
    ['home on Linux', {}, 'linux', '/home/u/.cache/yinzhang'],
    ['macOS', {}, 'darwin', '/home/u/Library/Caches/yinzhang'],
    ['Windows', { LOCALAPPDATA: 'C:\\L' }, 'win32', join('C:\\L', 'yinzhang', 'Cache')],
    ['Windows without LOCALAPPDATA', {}, 'win32', undefined],
  ] as const)('%s', (_, env, platform, want) => {
    expect(cacheDir(env, platform, '/home/u')).toBe(want);
  });
});
