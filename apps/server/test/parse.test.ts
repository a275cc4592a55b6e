import { createHash } from 'node:crypto';
import { LIMITS } from '@yinzhang/seal';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { oneColourOf } from '../src/extract/jobs';
import { createExtractPool, type ExtractPool } from '../src/extract/pool';
import { probeUpload } from '../src/extract/probe';
import { EXTRACT_LIMITS } from '../src/limits';
import { jpegClaiming, sealPhoto, sealPhotoJpeg, zeroPngBomb } from './fixtures/images';
import {
  type FilePart,
  multipartBody,
  openDbForTest,
  PNG_SIGNATURE,
  pngSize,
  testApp,
  testConfig,
} from './helpers';

const pools: ExtractPool[] = [];
let shared: ExtractPool | undefined;

afterAll(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

/** An app with an extract pool of its own the test can look at (closed after the file). */
async function appWithPool(options: Parameters<typeof createExtractPool>[0] = {}) {
  const pool = createExtractPool(options);
  pools.push(pool);
  const app = await testApp(testConfig(), { extractPool: pool });
  return { app, pool };
}

/**
 * An app on a fresh DATA_DIR sharing one extract pool with the other tests of this file, so
 * they do not each wait for a worker to start.
 */
async function sharedApp(config = testConfig()) {
  if (shared === undefined) {
    shared = createExtractPool();
    pools.push(shared);
  }
  return testApp(config, { extractPool: shared });
}

function parseRequest(parts: readonly FilePart[]) {
  return { method: 'POST' as const, url: '/v1/stamp/parse', ...multipartBody(parts) };
}

/** The form the web app sends: gray, stream '1', then the file. */
function parseForm(file: Buffer | string, gray = '0-1-0', filename = 'crop.png') {
  return parseRequest([
    { field: 'gray', data: gray },
    { field: 'stream', data: '1' },
    { field: 'file', filename, contentType: 'image/png', data: file },
  ]);
}

interface Rgba {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

async function rgbaOf(png: Buffer): Promise<Rgba> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function alphaAt(img: Rgba, x: number, y: number): number {
  return img.data[(y * img.width + x) * 4 + 3] as number;
}

/** Centre of mass of the alpha channel. */
function inkCentroid(img: Rgba): { x: number; y: number; total: number } {
  let sx = 0;
  let sy = 0;
  let total = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const a = alphaAt(img, x, y);
      sx += a * x;
      sy += a * y;
      total += a;
    }
  }
  return { x: sx / total, y: sy / total, total };
}

/** A strong red, whatever exact seal red the extraction paints. */
function isSealRed(r: number, g: number, b: number): boolean {
  return r > 150 && g < 90 && b < 90;
}

/** Distinct RGB values among pixels with any alpha. */
function inkColours(img: Rgba): Set<string> {
  const colours = new Set<string>();
  for (let i = 0; i < img.data.length; i += 4) {
    if ((img.data[i + 3] as number) > 0) {
      colours.add(`${img.data[i]},${img.data[i + 1]},${img.data[i + 2]}`);
    }
  }
  return colours;
}

describe('POST /v1/stamp/parse', () => {
  it('answers the extracted seal as a PNG with pid and mid, and records the mark', async () => {
    const config = testConfig();
    const app = await sharedApp(config);
    const res = await app.inject(parseForm(await sealPhotoJpeg(), '0-1-0', 'photo.jpg'));

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual({ width: 512, height: 512 });
    expect(res.headers.pid).toMatch(/^[0-9a-f]{32}$/);
    const mid = createHash('sha256').update(png).digest('hex').slice(0, 32);
    expect(res.headers.mid).toBe(mid);

    const db = openDbForTest(config.dataDir);
    const marks = await db.execute('SELECT mid, kind, bytes FROM marks');
    expect(marks.rows).toEqual([
      expect.objectContaining({ mid, kind: 'extract', bytes: png.length }),
    ]);
    const sessions = await db.execute(
      'SELECT pid, width, height, created_at, expires_at FROM parse_sessions',
    );
    expect(sessions.rows).toHaveLength(1);
    const row = sessions.rows[0] as unknown as Record<string, number | string>;
    expect(row.pid).toBe(res.headers.pid);
    expect([row.width, row.height]).toEqual([512, 512]);
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(EXTRACT_LIMITS.sessionTtlMs);
  });

  it('keeps the frame: transparent corners, seal-red ink where the ring was', async () => {
    const app = await sharedApp();
    const res = await app.inject(parseForm(await sealPhotoJpeg()));
    expect(res.statusCode).toBe(200);
    const img = await rgbaOf(res.rawPayload);
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
      [20, 256],
    ] as const) {
      expect(alphaAt(img, x, y), `alpha at ${x},${y}`).toBe(0);
    }
    // The ring: centre (256, 256), radius 0.38 * 512 ≈ 195; top, left and right of it.
    for (const [x, y] of [
      [256, 256 - 195],
      [256 - 195, 256],
      [256 + 195, 256],
    ] as const) {
      expect(alphaAt(img, x, y), `alpha at ${x},${y}`).toBeGreaterThan(128);
      const i = (y * img.width + x) * 4;
      expect(
        isSealRed(img.data[i] as number, img.data[i + 1] as number, img.data[i + 2] as number),
      ).toBe(true);
    }
    const c = inkCentroid(img);
    expect(Math.abs(c.x - 256)).toBeLessThan(20);
    expect(Math.abs(c.y - 256)).toBeLessThan(30);
  });

  it("paints red=2 results in one colour (纯色); other keys keep the ink's colours or shading", async () => {
    const app = await sharedApp();
    const photo = await sealPhotoJpeg();
    for (const gray of ['0-0-2', '0-3-2', '0-auto-2', '1-0-2', '2-12-2']) {
      const res = await app.inject(parseForm(photo, gray));
      expect(res.statusCode, gray).toBe(200);
      const colours = [...inkColours(await rgbaOf(res.rawPayload))];
      expect(colours, gray).toHaveLength(1);
      const [r, g, b] = (colours[0] as string).split(',').map(Number) as [number, number, number];
      expect(isSealRed(r, g, b), `${gray}: ${colours[0]}`).toBe(true);
    }
    for (const gray of ['2-12-0', '0-auto-0', '0-1-0']) {
      const res = await app.inject(parseForm(photo, gray));
      expect(res.statusCode, gray).toBe(200);
      expect(inkColours(await rgbaOf(res.rawPayload)).size, gray).toBeGreaterThan(1);
    }
  });

  it('applies EXIF orientation before extracting', async () => {
    const app = await sharedApp();
    // Stored 400x300 with the seal left of centre; orientation 6 shows it turned 90° clockwise:
    // 300x400, the stored point (x, y) shown at (299 - y, x).
    const photo = await sealPhotoJpeg({
      width: 400,
      height: 300,
      cx: 0.3,
      radius: 0.3,
      orientation: 6,
    });
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const res = await app.inject(parseForm(photo));
    expect(res.statusCode).toBe(200);
    const img = await rgbaOf(res.rawPayload);
    expect([img.width, img.height]).toEqual([300, 400]);
    const c = inkCentroid(img);
    // Stored centre (120, 150) -> shown at (149, 120).
    expect(Math.abs(c.x - 149)).toBeLessThan(20);
    expect(Math.abs(c.y - 120)).toBeLessThan(25);
  });

  it('scales a larger upload down to fit 512, keeping its aspect', async () => {
    const app = await sharedApp();
    const res = await app.inject(parseForm(await sealPhotoJpeg({ width: 2000, height: 1500 })));
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 512, height: 384 });
  });

  it('never enlarges a smaller upload', async () => {
    const app = await sharedApp();
    const res = await app.inject(parseForm(await sealPhotoJpeg({ width: 300, height: 200 })));
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 300, height: 200 });
  });

  it.each(['png', 'webp'] as const)('accepts %s, judged by its bytes', async (format) => {
    const app = await sharedApp();
    const res = await app.inject(parseForm(await sealPhoto(format), '0-1-0', 'crop.bin'));
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 512, height: 512 });
  });

  it('accepts the form without stream, and fields after the file', async () => {
    const app = await sharedApp();
    const res = await app.inject(
      parseRequest([
        {
          field: 'file',
          filename: 'a.jpg',
          data: await sealPhotoJpeg({ width: 128, height: 128 }),
        },
        { field: 'gray', data: '2-12-1' },
      ]),
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers 413 for a file over 5 MB', async () => {
    const app = await sharedApp();
    const big = Buffer.alloc(LIMITS.imageMaxBytes + 1, 0x20);
    (await sealPhotoJpeg()).copy(big);
    const res = await app.inject(parseForm(big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image at all\n')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n')],
    [
      'an SVG',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="5" fill="red"/></svg>',
      ),
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')],
    ['an empty file', Buffer.alloc(0)],
  ])('answers 415 for %s', async (_label, data) => {
    const app = await sharedApp();
    const res = await app.inject(parseForm(data));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 422 for a truncated PNG (its header is fine, its pixels are not)', async () => {
    const app = await sharedApp();
    const png = await sealPhoto('png');
    const res = await app.inject(parseForm(png.subarray(0, Math.floor(png.length / 2))));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('UNDECODABLE_IMAGE');
  });

  it('answers 422 for a truncated JPEG', async () => {
    const app = await sharedApp();
    const jpeg = await sealPhotoJpeg();
    const res = await app.inject(parseForm(jpeg.subarray(0, Math.floor(jpeg.length / 2))));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('UNDECODABLE_IMAGE');
  });

  it('answers 422 for garbage after a valid JPEG signature', async () => {
    const app = await sharedApp();
    const data = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('not really a jpeg '.repeat(100)),
    ]);
    const res = await app.inject(parseForm(data));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('UNDECODABLE_IMAGE');
  });

  it.each([
    ['mode 3', '3-0-0'],
    ['clarity over the mode 0 range', '0-9-0'],
    ['red 7', '1-0-7'],
    ['red in mode 0', '0-1-1'],
    ['a non-canonical key', '0-01-0'],
    ['not a key', 'x'],
    ['an empty key', ''],
  ])('answers 400 for a bad gray: %s', async (_label, gray) => {
    const app = await sharedApp();
    const res = await app.inject(parseForm(await sealPhotoJpeg({ width: 64, height: 64 }), gray));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_INPUT');
    expect(res.json().error.message).toMatch(/^gray: /);
  });

  it('answers 400 without gray', async () => {
    const app = await sharedApp();
    const res = await app.inject(
      parseRequest([{ field: 'file', filename: 'a.jpg', data: await sealPhotoJpeg() }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^gray: /);
  });

  it("answers 400 for a stream other than '1'", async () => {
    const app = await sharedApp();
    const res = await app.inject(
      parseRequest([
        { field: 'gray', data: '0-1-0' },
        { field: 'stream', data: '0' },
        { field: 'file', filename: 'a.jpg', data: await sealPhotoJpeg() },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^stream: /);
  });

  it('answers 400 without a file, or with it in another field', async () => {
    const app = await sharedApp();
    const none = await app.inject(parseRequest([{ field: 'gray', data: '0-1-0' }]));
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('NO_FILE');
    const elsewhere = await app.inject(
      parseRequest([
        { field: 'gray', data: '0-1-0' },
        { field: 'image', filename: 'a.jpg', data: await sealPhotoJpeg() },
      ]),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe('NO_FILE');
  });

  it('answers 400 for an overlong field and 415 for a body that is not multipart', async () => {
    const app = await sharedApp();
    const long = await app.inject(
      parseRequest([
        { field: 'gray', data: '0'.repeat(EXTRACT_LIMITS.fieldMaxBytes + 1) },
        { field: 'file', filename: 'a.jpg', data: await sealPhotoJpeg() },
      ]),
    );
    expect(long.statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: '/v1/stamp/parse',
      payload: { gray: '0-1-0' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a 40000x40000 PNG bomb from its header: fast, no worker, little memory', async () => {
    const { app, pool } = await appWithPool();
    const bomb = zeroPngBomb(40_000, 40_000);
    expect(bomb.length).toBeLessThan(LIMITS.imageMaxBytes);
    const request = parseForm(bomb);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const res = await app.inject(request);
    const elapsedMs = performance.now() - started;
    const rssGrowth = process.memoryUsage().rss - rssBefore;

    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(elapsedMs).toBeLessThan(1_000);
    // Decoding would need 1.6 GB; parsing the upload needs a few MB.
    expect(rssGrowth).toBeLessThan(100 * 1024 * 1024);
    // Refused before any pixel work: the pool never started a worker.
    expect(pool.stats()).toMatchObject({ workers: 0, completed: 0 });
  });

  it('refuses a JPEG whose header claims 60000x60000 the same way', async () => {
    const { app, pool } = await appWithPool();
    const res = await app.inject(parseForm(await jpegClaiming(60_000, 60_000)));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('IMAGE_TOO_MANY_PIXELS');
    expect(pool.stats().workers).toBe(0);
  });

  it('the pixel limit is inclusive: exactly imageMaxPixels passes the header check', async () => {
    expect(EXTRACT_LIMITS.imageMaxPixels).toBe(40_000_000);
    await expect(probeUpload(zeroPngBomb(8_000, 5_000))).resolves.toEqual({
      type: 'png',
      width: 8_000,
      height: 5_000,
      metadata: false,
      plain: false,
    });
    await expect(probeUpload(zeroPngBomb(8_000, 5_001))).rejects.toMatchObject({
      statusCode: 413,
      code: 'IMAGE_TOO_MANY_PIXELS',
    });
  });

  it('oneColourOf finds the single colour of visible pixels, or none', () => {
    const px = (...values: number[]) => new Uint8ClampedArray(values);
    expect(oneColourOf(px(1, 2, 3, 10, 9, 9, 9, 0, 1, 2, 3, 255))).toEqual({ r: 1, g: 2, b: 3 });
    expect(oneColourOf(px(1, 2, 3, 10, 1, 2, 4, 255))).toBeUndefined();
    expect(oneColourOf(px(7, 7, 7, 0))).toEqual({ r: 0, g: 0, b: 0 });
  });

  it('the bomb generator makes real PNGs (a small one decodes to all black)', async () => {
    const { data, info } = await sharp(zeroPngBomb(300, 7000)).raw().toBuffer({
      resolveWithObject: true,
    });
    expect([info.width, info.height]).toEqual([300, 7000]);
    expect(data.every((v) => v === 0)).toBe(true);
  });

  it('does the pixel work in the pool, off the main thread', async () => {
    const { app, pool } = await appWithPool({ size: 1 });
    const res = await app.inject(parseForm(await sealPhotoJpeg({ width: 200, height: 200 })));
    expect(res.statusCode).toBe(200);
    expect(pool.stats()).toMatchObject({ workers: 1, completed: 1 });
  });

  it('answers 503 with Retry-After when the queue is full', async () => {
    const { app, pool } = await appWithPool({ size: 1, maxQueue: 0 });
    const photo = await sealPhotoJpeg();
    // Holds the only worker (which is still starting: hundreds of ms) while the request comes.
    const busy = pool.parse(
      photo,
      { type: 'jpeg', width: 512, height: 512, metadata: false, plain: true },
      { mode: 0, clarity: 1, red: 0 },
    );
    const res = await app.inject(parseForm(photo));
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('BUSY');
    expect(res.headers['retry-after']).toBe(String(EXTRACT_LIMITS.retryAfterS));
    await busy;
    // Once it is free, the same request goes through.
    expect((await app.inject(parseForm(photo))).statusCode).toBe(200);
  });
});
