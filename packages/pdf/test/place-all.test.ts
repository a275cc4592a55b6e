/**
 * placeAll: normal stamps, several batch stamps and the paging seal in ONE incremental update, so a
 * signature after it makes exactly two revisions (issue 15: placements first, as one update, then
 * the signature). Judged by counting revisions (%%EOF markers and the /Prev chain), qpdf, pdfsig
 * and pdftoppm.
 */
import type { PageFraction } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import {
  type Mm,
  openForUpdate,
  placeAll,
  placeAllOn,
  signingKeyFromCryptoKey,
  signPdf,
  verifyPdf,
} from '../src';
import { createSelfSigned } from '../src/sign/selfsigned';
import { markedStamp } from './helpers/images';
import { findBox, isRed, qpdfCheck, renderPage } from './helpers/raster';
import { pdfsig, placement, samplePdf } from './helpers/signing';
import { startsWithBytes } from './helpers/update-fixtures';

const SEAL = markedStamp(200, 200);

/** Revisions of a file: one per %%EOF (each incremental update ends with its own). */
const revisions = (bytes: Uint8Array) =>
  Buffer.from(bytes).toString('latin1').split('%%EOF').length - 1;

/** The /Prev chain as qpdf sees it: trailers reached from the last one. */
function prevChain(bytes: Uint8Array): number {
  const text = Buffer.from(bytes).toString('latin1');
  return (text.match(/\/Prev\s+\d+/g) ?? []).length;
}

describe('placeAll', () => {
  it('on a document opened ahead (placeAllOn) writes the same bytes as opening and placing at once', async () => {
    const input = await samplePdf(3);
    const options = {
      images: { seal: SEAL },
      placements: [placement(0)],
      every: [{ placement: placement(1), pages: 'all' as const }],
    };
    const ahead = await openForUpdate(input, {});
    // The trailer's new /ID half is made fresh for every save.
    const text = (b: Uint8Array) =>
      Buffer.from(b)
        .toString('latin1')
        .replace(/\/ID\s*\[[^\]]*\]/g, '/ID []');
    expect(text(await placeAllOn(ahead, options))).toBe(text(await placeAll(input, options)));
  });

  it('writes stamps, two batch stamps and the paging seal as one update, then a signature as one more', async () => {
    const input = await samplePdf(3);
    const before = revisions(input);
    const placed = await placeAll(input, {
      images: { seal: SEAL, other: SEAL },
      placements: [placement(0)],
      every: [
        { placement: { ...placement(1), image: 'other' }, pages: 'all' },
        { placement: { ...placement(0), y: 0.1 as PageFraction }, pages: 'odd' },
      ],
      paging: { image: 'seal', edge: 'right', y: 0.5, widthMm: 40 as Mm },
    });
    expect(startsWithBytes(placed, input)).toBe(true);
    expect(revisions(placed)).toBe(before + 1);
    expect(prevChain(placed)).toBe(prevChain(input) + 1);
    qpdfCheck(placed);
    // Every page shows red: the stamps, and the paging seal's strip at the right edge.
    for (const page of [1, 2, 3]) {
      const box = findBox(renderPage(placed, page), isRed);
      expect(box, `page ${page}`).toBeDefined();
      // The paging seal's strip touches the right edge of the page.
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(0.98);
    }

    const made = await createSelfSigned({ commonName: '印章测试', years: 3 });
    const signed = await signPdf(placed, {
      key: signingKeyFromCryptoKey(made.privateKey, made.chain),
      appearance: { image: SEAL, placement: placement(2) },
    });
    expect(startsWithBytes(signed, placed)).toBe(true);
    expect(revisions(signed)).toBe(before + 2);
    qpdfCheck(signed);
    const [report] = (await verifyPdf(signed)).signatures;
    expect(report).toMatchObject({ intact: true, wholeDocument: true });
    expect(pdfsig(signed)).toMatchObject([{ valid: true, wholeDocument: true }]);
  });

  it('refuses a paging seal whose image is not given, writing nothing', async () => {
    const input = await samplePdf(2);
    await expect(
      placeAll(input, { images: {}, placements: [], paging: { image: 'nope' } }),
    ).rejects.toMatchObject({ code: 'BAD_PLACEMENT' });
  });
});
