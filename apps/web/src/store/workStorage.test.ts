// @vitest-environment node
// Node's Blob survives structuredClone (which fake-indexeddb uses); jsdom's does not.
/** The IndexedDB side of the work kept across reloads (fake-indexeddb stands in for the browser's). */
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { indexedDbWorkStorage, type SavedWork } from './workStorage';

const A4 = { width: 595.28, height: 841.89 };

function work(image: Blob | null, pdf: Blob | null): SavedWork {
  return {
    activeTab: 'pdfsign',
    image: image ? { file: image, name: 'a.png', width: 8, height: 6, placements: [] } : null,
    pdf: pdf ? { file: pdf, name: 'c.pdf', pages: [A4], placements: [], mode: 'batch' } : null,
  };
}

const text = async (blob: Blob | undefined) => (blob ? await blob.text() : null);

describe('work in IndexedDB', () => {
  it('is empty at first, and reads back what was written', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbWorkStorage(factory);
    expect(await storage.load()).toBeNull();
    await storage.save(work(new Blob(['img']), new Blob(['%PDF-1'])));
    // A new page: a new storage object on the same database.
    const again = await indexedDbWorkStorage(factory).load();
    expect(again?.activeTab).toBe('pdfsign');
    expect(again?.pdf).toMatchObject({ name: 'c.pdf', pages: [A4], mode: 'batch' });
    expect(await text(again?.image?.file)).toBe('img');
    expect(await text(again?.pdf?.file)).toBe('%PDF-1');
  });

  it.each([
    ['the image closed', null, 'pdf', null, '%PDF-1'],
    ['the PDF closed', 'img', null, 'img', null],
    ['another PDF', 'img', 'pdf2', 'img', '%PDF-2'],
  ] as const)('follows changes: %s', async (_name, keepImage, pdfKind, image, pdf) => {
    const factory = new IDBFactory();
    const storage = indexedDbWorkStorage(factory);
    const first = work(new Blob(['img']), new Blob(['%PDF-1']));
    await storage.save(first);
    const nextPdf =
      pdfKind === null
        ? null
        : pdfKind === 'pdf'
          ? (first.pdf?.file ?? null)
          : new Blob(['%PDF-2']);
    await storage.save(work(keepImage ? (first.image?.file ?? null) : null, nextPdf));
    const again = await indexedDbWorkStorage(factory).load();
    expect(await text(again?.image?.file)).toBe(image);
    expect(await text(again?.pdf?.file)).toBe(pdf);
  });

  it('clear forgets everything', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbWorkStorage(factory);
    await storage.save(work(new Blob(['img']), null));
    await storage.clear();
    expect(await indexedDbWorkStorage(factory).load()).toBeNull();
  });
});
