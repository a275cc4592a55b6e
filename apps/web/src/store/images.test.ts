import { beforeEach, describe, expect, it, vi } from 'vitest';
import { convertStore, tagOf } from '../test/convertStore';
import { stubObjectUrls } from '../test/helpers';
import { JobError } from '../workers/client';
import type { PdfJob } from '../workers/protocol';
import {
  DEFAULT_IMAGE_OPTIONS,
  engineBytes,
  jobOptions,
  MARGIN_MM,
  withImageOptions,
} from './images';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];

function image(name: string, head: number[], tag: number, type = ''): File {
  return new File([new Uint8Array([...head, tag])], name, { type });
}

async function fakeRun(job: PdfJob, onProgress?: (p: never) => void) {
  if (job.kind !== 'images') throw new Error('unexpected job');
  (onProgress as ((p: unknown) => void) | undefined)?.({ phase: 'draw', done: 1, total: 2 });
  return { bytes: new Uint8Array([37, 80, 68, 70]).buffer };
}

describe('image options', () => {
  it('starts on A4, automatic orientation, a small margin', () => {
    expect(DEFAULT_IMAGE_OPTIONS).toEqual({ pageSize: 'a4', orientation: 'auto', marginMm: 10 });
  });

  it.each([
    [{ marginMm: 25 }, 25, 'a4'],
    [{ marginMm: -3 }, MARGIN_MM.min, 'a4'],
    [{ marginMm: 500 }, MARGIN_MM.max, 'a4'],
    [{ marginMm: Number.NaN }, 10, 'a4'],
    [{ pageSize: 'letter' as const }, 10, 'letter'],
  ])('%o -> margin %f, page %s', (patch, margin, pageSize) => {
    const next = withImageOptions(DEFAULT_IMAGE_OPTIONS, patch);
    expect(next.marginMm).toBe(margin);
    expect(next.pageSize).toBe(pageSize);
  });

  it('sends the orientation chosen, except with pages the size of the image', () => {
    expect(jobOptions({ pageSize: 'a4', orientation: 'landscape', marginMm: 5 })).toEqual({
      pageSize: 'a4',
      orientation: 'landscape',
      marginMm: 5,
    });
    expect(jobOptions({ pageSize: 'fit', orientation: 'portrait', marginMm: 0 })).toEqual({
      pageSize: 'fit',
      orientation: 'auto',
      marginMm: 0,
    });
  });
});

describe('engineBytes', () => {
  it('sends JPEG and PNG as they are and WebP as PNG', async () => {
    const toPng = vi.fn(async () => new Blob([new Uint8Array([...PNG, 42])]));
    const jpeg = await engineBytes(image('a.jpg', JPEG, 1), toPng);
    expect([...new Uint8Array(jpeg)]).toEqual([...JPEG, 1]);
    const png = await engineBytes(image('b.png', PNG, 2), toPng);
    expect(tagOf(png)).toBe(2);
    expect(toPng).not.toHaveBeenCalled();
    const webp = await engineBytes(image('c.webp', WEBP, 3), toPng);
    expect(toPng).toHaveBeenCalledTimes(1);
    expect(tagOf(webp)).toBe(42);
  });
});

describe('image list', () => {
  beforeEach(() => {
    stubObjectUrls();
    vi.stubGlobal('URL', Object.assign(URL, { revokeObjectURL: vi.fn() }));
  });

  it('adds, reorders and removes images, letting go of removed thumbnails', () => {
    const store = convertStore(fakeRun);
    store
      .get()
      .addImages([image('a.jpg', JPEG, 1), image('b.png', PNG, 2), image('c.webp', WEBP, 3)]);
    const names = () => store.get().imageItems.map((i) => i.name);
    expect(names()).toEqual(['a.jpg', 'b.png', 'c.webp']);
    expect(store.get().imageItems.every((i) => i.url.startsWith('blob:'))).toBe(true);
    store.get().moveImage(2, 0);
    expect(names()).toEqual(['c.webp', 'a.jpg', 'b.png']);
    store.get().moveImage(1, 2);
    expect(names()).toEqual(['c.webp', 'b.png', 'a.jpg']);
    const removed = store.get().imageItems[1];
    store.get().removeImage(removed?.id ?? '');
    expect(names()).toEqual(['c.webp', 'a.jpg']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(removed?.url);
  });

  it('makes the PDF from the images in order with the options, WebP converted first', async () => {
    const store = convertStore(fakeRun);
    store
      .get()
      .addImages([image('a.jpg', JPEG, 1), image('c.webp', WEBP, 3), image('b.png', PNG, 2)]);
    store.get().setImageOptions({ pageSize: 'fit', orientation: 'landscape', marginMm: 4 });
    const pdf = await store.get().runImagesToPdf();
    const job = store.run.mock.calls[0]?.[0];
    if (job?.kind !== 'images') throw new Error('no images job');
    expect(job.images.map((b) => new Uint8Array(b)[0])).toEqual([0xff, 0x89, 0x89]);
    // The fake converter answers a bare PNG signature, whose last byte is 0x0a.
    expect(job.images.map(tagOf)).toEqual([1, 0x0a, 2]);
    expect(store.deps.toPng).toHaveBeenCalledTimes(1);
    expect(job.options).toEqual({ pageSize: 'fit', orientation: 'auto', marginMm: 4 });
    expect(pdf).toMatchObject({ fileName: 'images-20250304-050607.pdf', pages: 3 });
    expect(store.get()).toMatchObject({ imagesBusy: false, imagesProgress: 1, imagesError: null });
  });

  it('says which image failed, by code and name, and does nothing without images', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const store = convertStore(async () => {
      throw new JobError('Image 2 could not be read as PNG', 'BAD_IMAGE', 1);
    });
    await expect(store.get().runImagesToPdf()).resolves.toBeNull();
    expect(store.run).not.toHaveBeenCalled();
    store.get().addImages([image('a.jpg', JPEG, 1), image('坏.png', PNG, 2)]);
    await store.get().runImagesToPdf();
    expect(store.get()).toMatchObject({
      imagesBusy: false,
      imagesProgress: null,
      imagesError: { code: 'BAD_IMAGE', file: '坏.png' },
    });
    // The engine's words reach the debug log only.
    expect(debug).toHaveBeenCalledWith(expect.stringContaining('坏.png'), expect.any(JobError));
    debug.mockRestore();
  });

  it.each([
    ['a failure without a code, one image', [image('a.jpg', JPEG, 1)], undefined, 'a.jpg'],
    [
      'a worker that died, two images',
      [image('a.jpg', JPEG, 1), image('b.png', PNG, 2)],
      'WORKER_STOPPED',
      'a.jpg、b.png',
    ],
  ])('names the files for %s', async (_, files, code, named) => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    const store = convertStore(async () => {
      throw new JobError('The PDF worker stopped', code);
    });
    store.get().addImages(files);
    await store.get().runImagesToPdf();
    expect(store.get().imagesError).toEqual({ code, file: named });
  });

  it('refuses a PNG declaring more pixels than the limit before the worker sees it', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    const store = convertStore(fakeRun);
    const ihdr = (w: number, h: number) => {
      const head = new Uint8Array(24);
      head.set([...PNG, 0x49, 0x48, 0x44, 0x52]);
      new DataView(head.buffer).setUint32(16, w);
      new DataView(head.buffer).setUint32(20, h);
      return new File([head], 'bomb.png', { type: 'image/png' });
    };
    store.get().addImages([image('a.jpg', JPEG, 1), ihdr(20000, 20000)]);
    await store.get().runImagesToPdf();
    expect(store.run).not.toHaveBeenCalled();
    expect(store.get().imagesError).toEqual({ code: 'IMAGE_TOO_LARGE', file: 'bomb.png' });
  });

  it('says which image the browser could not decode (WebP)', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    const store = convertStore(fakeRun);
    vi.mocked(store.deps.toPng).mockRejectedValueOnce(
      new DOMException('The source image could not be decoded.'),
    );
    store.get().addImages([image('x.webp', WEBP, 3)]);
    await store.get().runImagesToPdf();
    expect(store.get().imagesError).toEqual({ code: 'IMAGE_UNREADABLE', file: 'x.webp' });
  });
});
