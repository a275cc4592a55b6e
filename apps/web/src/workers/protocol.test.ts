import type { TextHit } from '@yinzhang/pdf';
import { describe, expect, it, vi } from 'vitest';
import {
  exactBuffer,
  handleRequest,
  type JobMessage,
  type JobRequest,
  type PdfEngine,
  progressFraction,
} from './protocol';

class FakePdfError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const BOX = { x: 0.1, y: 0.2, width: 0.3, height: 0.02 } as TextHit['box'];

function fakeEngine(overrides: Partial<PdfEngine> = {}): PdfEngine {
  return {
    readPdfInfo: vi.fn<PdfEngine['readPdfInfo']>(async () => ({
      pages: [{}, {}, {}],
      signatures: [{ field: 'Buyer' }],
      encryption: { method: 'AES-256' },
      canModify: false,
      certification: 2,
      pdfA: '1B',
    })),
    mergePdfs: vi.fn<PdfEngine['mergePdfs']>(async (files, { onProgress }) => {
      for (const [i] of files.entries())
        onProgress?.({ phase: 'copy', done: i, total: files.length });
      onProgress?.({ phase: 'write', done: 1, total: 1 });
      return {
        bytes: new Uint8Array([1, 2, 3]),
        results: files.map((f) => ({ name: f.name, ok: true, pages: 2 })),
      };
    }),
    imagesToPdf: vi.fn<PdfEngine['imagesToPdf']>(async (images) => new Uint8Array(images.length)),
    decryptedCopy: vi.fn<PdfEngine['decryptedCopy']>(async (bytes) => Uint8Array.of(...bytes, 0xd)),
    findTextInPdf: vi.fn<PdfEngine['findTextInPdf']>(async (bytes, query) =>
      bytes.length > 0 ? [{ page: 1, box: BOX, text: query, context: `甲方${query}` }] : [],
    ),
    ...overrides,
  };
}

async function run(request: JobRequest, engine: PdfEngine) {
  const posted: { message: JobMessage; transfer: Transferable[] }[] = [];
  await handleRequest(request, engine, (message, transfer) => posted.push({ message, transfer }));
  return posted;
}

describe('handleRequest', () => {
  it('answers inspect with the page count and what writing must respect', async () => {
    const engine = fakeEngine();
    const posted = await run({ id: 7, kind: 'inspect', bytes: new ArrayBuffer(4) }, engine);
    const answer = {
      ok: true,
      pages: 3,
      signatures: 1,
      encrypted: true,
      canModify: false,
      certification: 2,
      pdfA: '1B',
    };
    expect(posted).toEqual([{ message: { id: 7, type: 'done', answer }, transfer: [] }]);
  });

  it('answers inspect with the engine code when the file is refused (a password, damage)', async () => {
    const engine = fakeEngine({
      readPdfInfo: vi.fn(async () => {
        throw new FakePdfError('PASSWORD_REQUIRED', 'needs a password');
      }),
    });
    const posted = await run(
      { id: 1, kind: 'inspect', bytes: new ArrayBuffer(1), password: 'x' },
      engine,
    );
    expect(engine.readPdfInfo).toHaveBeenCalledWith(expect.any(Uint8Array), 'x');
    expect(posted[0]?.message).toEqual({
      id: 1,
      type: 'done',
      answer: { ok: false, code: 'PASSWORD_REQUIRED', message: 'needs a password' },
    });
  });

  it('fails the job on an unexpected error', async () => {
    const engine = fakeEngine({
      readPdfInfo: vi.fn(async () => {
        throw new TypeError('boom');
      }),
    });
    const posted = await run({ id: 2, kind: 'inspect', bytes: new ArrayBuffer(1) }, engine);
    expect(posted).toEqual([
      { message: { id: 2, type: 'failed', code: undefined, message: 'boom' }, transfer: [] },
    ]);
  });

  it('merges in order, reports progress, and transfers the result', async () => {
    const engine = fakeEngine();
    const files = [
      { name: 'a', bytes: new Uint8Array([1]).buffer },
      { name: 'b', bytes: new Uint8Array([2]).buffer, password: 'pw' },
    ];
    const posted = await run({ id: 3, kind: 'merge', files }, engine);
    const sent = vi.mocked(engine.mergePdfs).mock.calls[0]?.[0];
    expect(sent?.map((f) => [f.name, [...f.bytes], f.password])).toEqual([
      ['a', [1], undefined],
      ['b', [2], 'pw'],
    ]);
    expect(posted.map((p) => p.message.type)).toEqual(['progress', 'progress', 'progress', 'done']);
    const done = posted.at(-1);
    expect(done?.message).toMatchObject({
      id: 3,
      type: 'done',
      answer: { results: [{ name: 'a' }, { name: 'b' }] },
    });
    const answer = (done?.message as { answer: { bytes: ArrayBuffer } } | undefined)?.answer;
    if (!answer) throw new Error('no answer');
    expect([...new Uint8Array(answer.bytes)]).toEqual([1, 2, 3]);
    expect(done?.transfer).toEqual([answer.bytes]);
  });

  it('answers a merge that produced nothing without bytes', async () => {
    const engine = fakeEngine({
      mergePdfs: vi.fn(async () => ({
        bytes: undefined,
        results: [{ name: 'a', ok: false, pages: 0, code: 'BROKEN_PDF' }],
      })),
    });
    const posted = await run(
      { id: 4, kind: 'merge', files: [{ name: 'a', bytes: new ArrayBuffer(1) }] },
      engine,
    );
    expect(posted[0]).toEqual({
      message: {
        id: 4,
        type: 'done',
        answer: {
          bytes: undefined,
          results: [{ name: 'a', ok: false, pages: 0, code: 'BROKEN_PDF' }],
        },
      },
      transfer: [],
    });
  });

  it('passes image options through and fails with the engine code', async () => {
    const options = { pageSize: 'letter', orientation: 'landscape', marginMm: 12 } as const;
    const engine = fakeEngine();
    await run(
      { id: 5, kind: 'images', images: [new ArrayBuffer(2), new ArrayBuffer(3)], options },
      engine,
    );
    expect(engine.imagesToPdf).toHaveBeenCalledWith(
      [{ bytes: expect.any(Uint8Array) }, { bytes: expect.any(Uint8Array) }],
      expect.objectContaining(options),
    );
    const failing = fakeEngine({
      imagesToPdf: vi.fn(async () => {
        throw new FakePdfError('BAD_IMAGE', 'Image 1 is not a PNG or JPEG image');
      }),
    });
    const posted = await run(
      { id: 6, kind: 'images', images: [new ArrayBuffer(1)], options },
      failing,
    );
    expect(posted[0]?.message).toEqual({
      id: 6,
      type: 'failed',
      code: 'BAD_IMAGE',
      message: 'Image 1 is not a PNG or JPEG image',
      index: 0,
    });
  });

  it.each([
    ['the second of three', [1, 9, 1], 1],
    ['the last of two', [1, 9], 1],
    ['the first', [9, 1, 1], 0],
  ])('finds which image is unreadable (%s) so the screen can name it', async (_, sizes, index) => {
    const options = { pageSize: 'a4', orientation: 'auto', marginMm: 10 } as const;
    // The fake engine cannot read any image of 9 bytes.
    const engine = fakeEngine({
      imagesToPdf: vi.fn(async (images: readonly { bytes: Uint8Array }[]) => {
        if (images.some((i) => i.bytes.length === 9)) {
          throw new FakePdfError('BAD_IMAGE', 'could not be read');
        }
        return new Uint8Array(1);
      }),
    });
    const images = sizes.map((n) => new ArrayBuffer(n));
    const posted = await run({ id: 8, kind: 'images', images, options }, engine);
    expect(posted[0]?.message).toMatchObject({ type: 'failed', code: 'BAD_IMAGE', index });
  });

  it('leaves other failures without an index', async () => {
    const options = { pageSize: 'a4', orientation: 'auto', marginMm: 60 } as const;
    const engine = fakeEngine({
      imagesToPdf: vi.fn(async () => {
        throw new FakePdfError('BAD_PLACEMENT', 'The margins leave no room for the image');
      }),
    });
    const posted = await run(
      { id: 9, kind: 'images', images: [new ArrayBuffer(1), new ArrayBuffer(2)], options },
      engine,
    );
    expect(posted[0]?.message).not.toHaveProperty('index');
    expect(engine.imagesToPdf).toHaveBeenCalledTimes(1);
  });
});

describe('handleRequest findText', () => {
  it.each([
    { name: 'hits', bytes: 4, hits: 1 },
    { name: 'no hit', bytes: 0, hits: 0 },
  ])('answers with the engine’s hits: $name', async ({ bytes, hits }) => {
    const engine = fakeEngine();
    const posted = await run(
      { id: 3, kind: 'findText', bytes: new ArrayBuffer(bytes), query: '（盖章）', password: 'pw' },
      engine,
    );
    expect(engine.findTextInPdf).toHaveBeenCalledWith(expect.any(Uint8Array), '（盖章）', {
      password: 'pw',
    });
    const [last] = posted.slice(-1);
    expect(last?.message.type).toBe('done');
    const message = last?.message as { answer?: { hits: TextHit[] } } | undefined;
    expect(message?.answer?.hits).toHaveLength(hits);
  });
});

describe('exactBuffer', () => {
  it('hands over the view’s own buffer when it covers all of it, else a copy', () => {
    const whole = new Uint8Array([1, 2, 3]);
    expect(exactBuffer(whole)).toBe(whole.buffer);
    const part = new Uint8Array(new Uint8Array([9, 1, 2, 9]).buffer, 1, 2);
    const copy = exactBuffer(part);
    expect(copy).not.toBe(part.buffer);
    expect([...new Uint8Array(copy)]).toEqual([1, 2]);
  });
});

describe('progressFraction', () => {
  it.each([
    [{ phase: 'copy', done: 0, total: 4 }, 0],
    [{ phase: 'copy', done: 2, total: 4 }, 0.45],
    [{ phase: 'draw', done: 4, total: 4 }, 0.9],
    [{ phase: 'write', done: 0, total: 1 }, 0.9],
    [{ phase: 'write', done: 1, total: 1 }, 1],
    [{ phase: 'copy', done: 0, total: 0 }, 0.9],
  ] as const)('%o -> %f', (progress, expected) => {
    expect(progressFraction(progress)).toBeCloseTo(expected);
  });
});

describe('handleRequest viewCopy', () => {
  it('answers with the engine’s copy, transferred', async () => {
    const engine = fakeEngine();
    const posted = await run(
      { id: 4, kind: 'viewCopy', bytes: Uint8Array.of(1, 2).buffer },
      engine,
    );
    const [last] = posted.slice(-1);
    const answer = (last?.message as { answer?: { bytes: ArrayBuffer } } | undefined)?.answer;
    expect([...new Uint8Array(answer?.bytes ?? new ArrayBuffer(0))]).toEqual([1, 2, 0xd]);
    expect(last?.transfer).toEqual([answer?.bytes]);
  });

  it('fails with the engine’s code when the file needs a password', async () => {
    const engine = fakeEngine({
      decryptedCopy: async () => {
        throw Object.assign(new Error('This PDF is protected by a password'), {
          code: 'PASSWORD_REQUIRED',
        });
      },
    });
    const posted = await run({ id: 5, kind: 'viewCopy', bytes: new ArrayBuffer(1) }, engine);
    expect(posted.at(-1)?.message).toMatchObject({ type: 'failed', code: 'PASSWORD_REQUIRED' });
  });
});
