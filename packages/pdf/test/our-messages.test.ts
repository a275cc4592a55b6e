/**
 * Issue 19, "our messages only": whatever fails inside a stamping call reaches the caller as one
 * of our errors, in our words, with the engine's own error kept as its cause for the debug log.
 */
import { describe, expect, it } from 'vitest';
import { openForUpdate, PdfError, PdfInputError, placeAllOn } from '../src';
import { ourError } from '../src/errors';
import { markedStamp } from './helpers/images';
import { placement, samplePdf } from './helpers/signing';

describe('ourError', () => {
  it.each([
    ['a TypeError from the engine', new TypeError('Parent.ascend is not a function')],
    ['a RangeError from the engine', new RangeError('position is not a number')],
    ['a thrown string', 'Expected instance of PDFDict, but got instance of PDFRawStream'],
  ])('%s becomes BROKEN_PDF in our words, the original its cause', (_name, thrown) => {
    const ours = ourError(thrown);
    expect(ours).toBeInstanceOf(PdfError);
    expect(ours.code).toBe('BROKEN_PDF');
    expect(ours.message).toMatch(/^This PDF could not be processed/);
    expect(ours.message).not.toContain(String(thrown).split(': ').pop());
    expect(ours.cause).toBe(thrown);
  });

  it('passes our own errors through unchanged', () => {
    const mine = new PdfInputError('BAD_IMAGE', 'Image "s" is not a PNG or JPEG image');
    expect(ourError(mine)).toBe(mine);
  });
});

describe('placeAllOn (stampPdf and pagingSeal write through it)', () => {
  it('an engine failure while saving reaches the caller as our error', async () => {
    const update = await openForUpdate(await samplePdf(1));
    const engine = new TypeError("Cannot read properties of undefined (reading 'ascend')");
    update.pdf.save = () => Promise.reject(engine);
    const failed = placeAllOn(update, {
      images: { s: markedStamp(40, 40) },
      placements: [{ ...placement(0), image: 's' }],
    });
    await expect(failed).rejects.toMatchObject({ code: 'BROKEN_PDF', cause: engine });
    await expect(failed).rejects.not.toThrow(/ascend/);
  });
});
