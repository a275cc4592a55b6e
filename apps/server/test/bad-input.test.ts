/**
 * Bad input at every /v1 route (issue 7): broken and lying files, decompression bombs, malformed
 * multipart, hostile JSON and odd strings. Every (input, route) pair has one expected status; an
 * error answer must be a 4xx with the JSON `{ error: { code, message } }` body, never a 5xx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import {
  EXIF_BOMB_NAMES,
  garbage,
  garbageAfter,
  HTML_PAGE,
  type ImageSet,
  imageSet,
  MINIMAL_PDF,
  ODD_STRINGS,
  SCRIPTED_SVG,
  tinyPngBomb,
  tinyZip,
  truncated,
} from './fixtures/bad-inputs';
import { type FilePart, multipartBody } from './helpers';

const ROUTES = ['create', 'parse', 'gray', 'gray+pid', 'mark', 'report'] as const;
type RouteName = (typeof ROUTES)[number];
type Expected = Readonly<Record<RouteName, number>>;

interface Route {
  readonly url: string;
  /** The JSON field a value case goes into (absent: a multipart route). */
  readonly field?: 'name' | 'gray' | 'text';
  readonly withPid?: boolean;
}

const ROUTE: Readonly<Record<RouteName, Route>> = {
  create: { url: '/v1/stamp/create', field: 'name' },
  parse: { url: '/v1/stamp/parse' },
  gray: { url: '/v1/stamp/gray', field: 'gray' },
  'gray+pid': { url: '/v1/stamp/gray', field: 'gray', withPid: true },
  mark: { url: '/v1/file/mark' },
  report: { url: '/v1/report', field: 'text' },
};

type Body = Pick<InjectOptions, 'payload' | 'headers'>;

interface Case {
  readonly name: string;
  /** The request's body and headers for a route (the same for every route unless it varies). */
  readonly body: (route: Route) => Body;
  readonly expect: Expected;
}

/** Multipart bodies: JSON routes refuse them (415) before looking inside. */
function multipartExpect(parse: number, mark: number): Expected {
  return { create: 415, gray: 415, 'gray+pid': 415, report: 415, parse, mark };
}

/**
 * JSON bodies. The JSON parser is the app's (shared by every route): the multipart routes refuse
 * a well-formed JSON body (415), but a body the parser rejects (invalid, too large) gets the
 * parser's answer there too, like everywhere.
 */
function jsonExpect(create: number, report: number, gray: number, grayPid = gray): Expected {
  return { create, report, gray, 'gray+pid': grayPid, parse: 415, mark: 415 };
}

/** A body the JSON parser itself refuses: the same answer at every route. */
function parserExpect(status: number): Expected {
  return all(status);
}

const all = (status: number): Expected =>
  Object.fromEntries(ROUTES.map((r) => [r, status])) as unknown as Expected;

let images: ImageSet;

function json(payload: string): Body {
  return { payload, headers: { 'content-type': 'application/json' } };
}

/** A JSON object with `value` in the route's field (`{name}`, `{text}` or `{gray}`). */
function valueCase(name: string, value: unknown, expect: Expected): Case {
  return {
    name,
    body: (route) => json(JSON.stringify({ [route.field ?? 'name']: value })),
    expect,
  };
}

/** The parse form (gray, stream, file); /file/mark reads its `file` and ignores the rest. */
function form(file: () => Buffer, filename = 'crop.png', contentType = 'image/png'): Body {
  return multipartBody([
    { field: 'gray', data: '0-1-0' },
    { field: 'stream', data: '1' },
    { field: 'file', filename, contentType, data: file() },
  ]);
}

function fileCase(
  name: string,
  file: () => Buffer,
  parse: number,
  mark: number,
  filename?: string,
  contentType?: string,
): Case {
  return {
    name,
    body: () => form(file, filename, contentType),
    expect: multipartExpect(parse, mark),
  };
}

function partsCase(name: string, parts: () => FilePart[], parse: number, mark: number): Case {
  return { name, body: () => multipartBody(parts()), expect: multipartExpect(parse, mark) };
}

const grayPart: FilePart = { field: 'gray', data: '0-1-0' };
const pngPart = (): FilePart => ({
  field: 'file',
  filename: 'crop.png',
  contentType: 'image/png',
  data: images.png,
});

/** A multipart body by hand, for the broken ones the helper cannot make. */
function rawMultipart(contentType: string, body: Buffer): Body {
  return { payload: body, headers: { 'content-type': contentType } };
}

function wellFormed(): Buffer {
  return multipartBody([grayPart, pngPart()]).payload as Buffer;
}

const BOUNDARY = '----yinzhang-test-boundary';

const CASES: readonly Case[] = [
  // Control rows: well-formed requests, so a table that only ever sees 4xx proves something.
  fileCase('valid PNG', () => images.png, 200, 200),
  fileCase('valid JPEG', () => images.jpeg, 200, 415, 'crop.jpg', 'image/jpeg'),
  fileCase('valid WebP', () => images.webp, 200, 415, 'crop.webp', 'image/webp'),

  // Broken image files.
  fileCase('zero-byte file', () => Buffer.alloc(0), 415, 415),
  fileCase('garbage bytes', () => garbage(8192), 415, 415),
  fileCase('PNG signature then garbage', () => garbageAfter(images.png, 8), 415, 415),
  // A PNG that does not decode: /stamp/parse says 422; /file/mark's listed errors are 400, 413
  // and 415, and an undecodable PNG is not a usable PNG: 415 UNDECODABLE_PNG.
  fileCase('PNG header then garbage', () => garbageAfter(images.png, 33), 422, 415),
  fileCase('truncated PNG (half)', () => truncated(images.png), 422, 415),
  fileCase('truncated PNG (header only)', () => images.png.subarray(0, 40), 422, 415),
  fileCase('JPEG SOI then garbage', () => garbageAfter(images.jpeg, 3), 422, 415),
  fileCase('truncated JPEG (half)', () => truncated(images.jpeg), 422, 415),
  fileCase('truncated JPEG (headers only)', () => images.jpeg.subarray(0, 200), 422, 415),
  fileCase('WebP RIFF header then garbage', () => garbageAfter(images.webp, 16), 422, 415),
  fileCase('truncated WebP (half)', () => truncated(images.webp), 422, 415),

  // Decompression bombs: refused from the header, before any pixel is decoded.
  fileCase('PNG bomb 100000x100000, tiny IDAT', () => tinyPngBomb(100_000, 100_000), 413, 413),
  fileCase('JPEG bomb, SOF claims 60000x60000', () => images.jpegBomb, 413, 415),
  fileCase('over 5 MB', () => Buffer.concat([images.png, garbage(5 * 1024 * 1024)]), 413, 413),

  // EXIF bombs: the image itself is fine, its EXIF is hostile (sizes, counts, offsets, loops,
  // orientations). The EXIF must not crash, hang or inflate the decode: the photo is extracted.
  ...EXIF_BOMB_NAMES.map((name) =>
    fileCase(`EXIF: ${name}`, () => images.exifBombs[name], 200, 415, 'photo.jpg', 'image/jpeg'),
  ),

  // Names and declared types that lie: only the bytes count.
  fileCase('PDF named .png, image/png', () => MINIMAL_PDF, 415, 415),
  fileCase('SVG with a script, image/png', () => SCRIPTED_SVG, 415, 415),
  fileCase(
    'SVG with a script, image/svg+xml',
    () => SCRIPTED_SVG,
    415,
    415,
    's.svg',
    'image/svg+xml',
  ),
  fileCase('HTML named .png', () => HTML_PAGE, 415, 415),
  fileCase('ZIP named .png', () => tinyZip(), 415, 415),
  fileCase('JPEG named .png, image/png', () => images.jpeg, 200, 415),
  fileCase(
    'PNG named .exe, application/x-msdownload',
    () => images.png,
    200,
    200,
    'a.exe',
    'application/x-msdownload',
  ),
  fileCase(
    'file name with emoji, RTL and NUL',
    () => images.png,
    200,
    200,
    `印章🙂\u202Eg\u0000np.png`,
  ),

  // Malformed multipart.
  {
    name: 'multipart: boundary in the header differs from the body',
    body: () => rawMultipart('multipart/form-data; boundary=not-the-one', wellFormed()),
    expect: multipartExpect(400, 400),
  },
  {
    name: 'multipart: no boundary parameter',
    body: () => rawMultipart('multipart/form-data', wellFormed()),
    expect: multipartExpect(400, 400),
  },
  {
    name: 'multipart: body truncated mid-file',
    body: () =>
      rawMultipart(`multipart/form-data; boundary=${BOUNDARY}`, truncated(wellFormed(), 0.6)),
    expect: multipartExpect(400, 400),
  },
  {
    name: 'multipart: empty body',
    body: () => rawMultipart(`multipart/form-data; boundary=${BOUNDARY}`, Buffer.alloc(0)),
    expect: multipartExpect(400, 400),
  },
  {
    name: 'multipart: garbage body',
    body: () => rawMultipart(`multipart/form-data; boundary=${BOUNDARY}`, garbage(4096)),
    expect: multipartExpect(400, 400),
  },
  partsCase('multipart: no file', () => [grayPart, { field: 'stream', data: '1' }], 400, 400),
  partsCase('multipart: no gray', () => [pngPart()], 400, 200),
  partsCase(
    'multipart: file in the wrong field',
    () => [grayPart, { ...pngPart(), field: 'image' }],
    400,
    400,
  ),
  partsCase('multipart: two files', () => [grayPart, pngPart(), pngPart()], 400, 400),
  partsCase('multipart: gray sent twice', () => [grayPart, grayPart, pngPart()], 400, 200),
  partsCase(
    'multipart: gray of 1 MB',
    () => [{ field: 'gray', data: ODD_STRINGS.huge }, pngPart()],
    400,
    200,
  ),
  partsCase(
    'multipart: gray with NUL',
    () => [{ field: 'gray', data: '0-1-0\u0000' }, pngPart()],
    400,
    200,
  ),
  // @fastify/multipart refuses the field name while iterating; both routes read every part.
  partsCase(
    'multipart: __proto__ field',
    () => [{ field: '__proto__', data: '{"polluted":1}' }, grayPart, pngPart()],
    400,
    400,
  ),

  // JSON of the wrong shape.
  { name: 'JSON: invalid', body: () => json('{"name": '), expect: parserExpect(400) },
  { name: 'JSON: empty body', body: () => json(''), expect: parserExpect(400) },
  { name: 'JSON: array', body: () => json('[]'), expect: jsonExpect(400, 400, 400) },
  { name: 'JSON: null', body: () => json('null'), expect: jsonExpect(400, 400, 400) },
  { name: 'JSON: string', body: () => json('"name"'), expect: jsonExpect(400, 400, 400) },
  { name: 'JSON: number', body: () => json('42'), expect: jsonExpect(400, 400, 400) },
  { name: 'JSON: empty object', body: () => json('{}'), expect: jsonExpect(400, 400, 400) },
  valueCase('JSON: field is a number', 123, jsonExpect(400, 400, 400)),
  valueCase('JSON: field is null', null, jsonExpect(400, 400, 400)),
  valueCase('JSON: field is a boolean', true, jsonExpect(400, 400, 400)),
  valueCase('JSON: field is an array', ['印章'], jsonExpect(400, 400, 400)),
  valueCase('JSON: field is an object', { toString: 'x' }, jsonExpect(400, 400, 400)),
  {
    name: 'JSON: title and code of the wrong types',
    body: () => json('{"name":"印章","title":5,"code":["A"],"text":"ok","gray":"0-1-0"}'),
    // title/code matter only to create; the others take their own field and strip the rest.
    expect: jsonExpect(400, 204, 400, 200),
  },
  {
    name: 'JSON: extra keys (stripped)',
    body: () =>
      json('{"name":"印章","text":"ok","gray":"0-1-0","isAdmin":true,"mid":"x","pid":"y"}'),
    expect: jsonExpect(200, 204, 400, 200),
  },
  {
    name: 'JSON: __proto__ key',
    body: () => json('{"name":"印章","text":"ok","gray":"0-1-0","__proto__":{"polluted":true}}'),
    expect: parserExpect(400),
  },
  {
    name: 'JSON: constructor.prototype key',
    body: () =>
      json(
        '{"name":"印章","text":"ok","gray":"0-1-0","constructor":{"prototype":{"polluted":true}}}',
      ),
    expect: parserExpect(400),
  },
  {
    name: 'JSON: 1 MB body',
    body: (r) => json(JSON.stringify({ [r.field ?? 'name']: ODD_STRINGS.huge })),
    expect: parserExpect(413),
  },
  {
    name: 'text/plain body',
    body: () => ({ payload: 'name=印章', headers: { 'content-type': 'text/plain' } }),
    expect: all(415),
  },
  {
    name: 'form-urlencoded body',
    body: () => ({
      payload: 'name=x&text=y&gray=0-1-0',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    expect: all(415),
  },

  // Odd strings in the route's field. create takes any printable text up to 30 code points,
  // report up to 60; gray only a clarity key.
  valueCase('string: emoji', ODD_STRINGS.emoji, jsonExpect(200, 204, 400)),
  valueCase('string: combining marks', ODD_STRINGS.combining, jsonExpect(200, 204, 400)),
  // Bidi controls reorder what is shown: not text (issue 20). Right-to-left letters are.
  valueCase('string: RTL marks', ODD_STRINGS.rtl, jsonExpect(400, 400, 400)),
  valueCase('string: Arabic letters', 'شركة', jsonExpect(200, 204, 400)),
  valueCase('string: NUL', ODD_STRINGS.nul, jsonExpect(400, 400, 400)),
  valueCase('string: BEL and ESC', ODD_STRINGS.control, jsonExpect(400, 400, 400)),
  // A seal name is one line; feedback comes from a textarea and may have several.
  valueCase('string: line break inside', 'ab\ncd', jsonExpect(400, 204, 400)),
  valueCase('string: 31 characters', '印'.repeat(31), jsonExpect(400, 204, 400)),
  valueCase('string: 61 characters', '印'.repeat(61), jsonExpect(400, 400, 400)),
  valueCase('string: only spaces', '   ', jsonExpect(400, 400, 400)),
  valueCase('string: valid clarity key with NUL', '0-1-0\u0000', jsonExpect(400, 400, 400)),
];

let app: FastifyInstance;
let dataDir: string;
let pid: string;
let rssBefore: number;

beforeAll(async () => {
  images = await imageSet();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'yinzhang-bad-input-'));
  app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000',
    }),
  );
  // A live pid for the "gray with a pid" route; it also starts the extract workers, so the
  // memory baseline below is taken with them running.
  const res = await app.inject({
    method: 'POST',
    url: '/v1/stamp/parse',
    ...form(() => images.jpeg, 'crop.jpg', 'image/jpeg'),
  });
  expect(res.statusCode).toBe(200);
  pid = String(res.headers.pid);
  // Seals are drawn in their own worker threads (fonts and Skia's caches, ~50 MB each): start
  // both before the baseline too, so it counts what requests leave behind, not the pools.
  const seals = await Promise.all(
    ['甲', '乙', '丙', '丁'].map((name) =>
      app.inject({ method: 'POST', url: '/v1/stamp/create', payload: { name: `${name}公司` } }),
    ),
  );
  expect(seals.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  rssBefore = process.memoryUsage().rss;
}, 60_000);

afterAll(async () => {
  await app?.close();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

const ROWS = CASES.flatMap((c) =>
  ROUTES.map((route) => ({ input: c.name, route, status: c.expect[route] })),
);

describe('bad input at every /v1 route', () => {
  it.each(ROWS)('$input → $route: $status', async ({ input, route, status }) => {
    const c = CASES.find((x) => x.name === input);
    if (c === undefined) throw new Error(`no case ${input}`);
    const r = ROUTE[route];
    const body = c.body(r);
    const res = await app.inject({
      method: 'POST',
      url: r.url,
      payload: body.payload,
      headers: { ...body.headers, ...(r.withPid ? { pid } : {}) },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    if (status >= 400) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const parsed = res.json() as { error?: { code?: unknown; message?: unknown } };
      expect(parsed.error?.code).toEqual(expect.any(String));
      expect(parsed.error?.message).toEqual(expect.any(String));
    } else if (status === 200) {
      expect(res.headers['content-type']).toMatch(
        route === 'mark' ? /^application\/json/ : /^image\/png/,
      );
      expect(res.headers.mid).toMatch(/^[0-9a-f]{32}$/);
    } else {
      expect(res.body).toBe('');
    }
  });
});

describe('after the whole suite', () => {
  it('still answers /healthz and nothing was polluted', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('still extracts with the pid made before it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/stamp/gray',
      headers: { pid },
      payload: { gray: '0-2-0' },
    });
    expect(res.statusCode).toBe(200);
  });

  // A guard against leaks (a retained buffer per request, a bomb decoded), not a benchmark:
  // without global.gc the figure is noisy, so the bound is generous.
  it('memory returns roughly to its level', () => {
    const growthMb = (process.memoryUsage().rss - rssBefore) / (1024 * 1024);
    expect(growthMb).toBeLessThan(200);
  });
});
