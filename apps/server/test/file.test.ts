import { createHash } from 'node:crypto';
import { LIMITS } from '@yinzhang/seal';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { paddedPng, tinyPngBomb } from './fixtures/bad-inputs';
import { multipartBody, openDbForTest, PNG_SIGNATURE, testApp, testConfig } from './helpers';

function smallPng(): Buffer {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(0x80);
  return PNG.sync.write(png);
}

/** A valid PNG of exactly `size` bytes. */
const pngLike = (size: number) => paddedPng(smallPng(), size);

function mark(parts: Parameters<typeof multipartBody>[0]) {
  return { method: 'POST' as const, url: '/v1/file/mark', ...multipartBody(parts) };
}

describe('POST /v1/file/mark', () => {
  it('answers {mid} and the mid header for a PNG, and records the mark', async () => {
    const config = testConfig();
    const app = await testApp(config);
    const png = smallPng();

    const res = await app.inject(
      mark([{ field: 'file', filename: 'seal.png', contentType: 'image/png', data: png }]),
    );

    expect(res.statusCode).toBe(200);
    const mid = createHash('sha256').update(png).digest('hex').slice(0, 32);
    expect(res.json()).toEqual({ mid });
    expect(res.headers.mid).toBe(mid);
    const rows = await openDbForTest(config.dataDir).execute('SELECT * FROM marks');
    expect(rows.rows).toEqual([expect.objectContaining({ mid, kind: 'local', bytes: png.length })]);
  });

  it('decides by the bytes, not the declared type or name', async () => {
    const app = await testApp();
    const res = await app.inject(
      mark([
        { field: 'other', data: 'ignored field' },
        {
          field: 'file',
          filename: 'photo.jpg',
          contentType: 'application/octet-stream',
          data: smallPng(),
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
  });

  it('accepts a file of exactly the size limit', async () => {
    const app = await testApp();
    const res = await app.inject(
      mark([{ field: 'file', filename: 'a.png', data: pngLike(LIMITS.imageMaxBytes) }]),
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers 413 for a file over the size limit', async () => {
    const app = await testApp();
    const res = await app.inject(
      mark([{ field: 'file', filename: 'a.png', data: pngLike(LIMITS.imageMaxBytes + 1) }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['a JPEG named .png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])],
    ['a text file named .png', Buffer.from('just some text, not an image at all')],
    ['a bare PNG signature', PNG_SIGNATURE],
    ['an empty file', Buffer.alloc(0)],
  ])('answers 415 for %s', async (_label, data) => {
    const app = await testApp();
    const res = await app.inject(
      mark([{ field: 'file', filename: 'seal.png', contentType: 'image/png', data }]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  // DESIGN §7 lists 400, 413 and 415 here: a PNG that does not decode is not a usable PNG (415).
  it.each([
    ['cut in half', (png: Buffer) => png.subarray(0, png.length >> 1)],
    ['its signature and IHDR only', (png: Buffer) => png.subarray(0, 33)],
    [
      'garbage after its IHDR',
      (png: Buffer) => Buffer.concat([png.subarray(0, 33), Buffer.alloc(64, 7)]),
    ],
  ])('answers 415 UNDECODABLE_PNG for a PNG %s, and records nothing', async (_label, damage) => {
    const config = testConfig();
    const app = await testApp(config);
    const res = await app.inject(
      mark([
        { field: 'file', filename: 'seal.png', contentType: 'image/png', data: damage(smallPng()) },
      ]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNDECODABLE_PNG');
    expect(res.headers.mid).toBeUndefined();
    expect((await openDbForTest(config.dataDir).execute('SELECT * FROM marks')).rows).toEqual([]);
  });

  it('answers 413 from the header for a PNG claiming too many pixels', async () => {
    const app = await testApp();
    const res = await app.inject(
      mark([{ field: 'file', filename: 'bomb.png', data: tinyPngBomb(100_000, 100_000) }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('answers 400 when the form has no file', async () => {
    const app = await testApp();
    const res = await app.inject(mark([{ field: 'file', data: 'a plain field, not a file' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('NO_FILE');
  });

  it('answers 400 when the file is in another field', async () => {
    const app = await testApp();
    const res = await app.inject(
      mark([{ field: 'image', filename: 'seal.png', contentType: 'image/png', data: smallPng() }]),
    );
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    ['no parts', 'multipart/form-data; boundary=abc', 'not multipart at all'],
    [
      'a truncated part',
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    ],
  ])('answers 400, never 500, for a malformed body: %s', async (_label, contentType, payload) => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/file/mark',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 415 for a body that is not multipart', async () => {
    const app = await testApp();
    const res = await app.inject({
      method: 'POST',
      url: '/v1/file/mark',
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(res.statusCode).toBe(415);
  });
});
