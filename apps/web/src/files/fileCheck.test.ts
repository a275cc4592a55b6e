import { describe, expect, it } from 'vitest';
import { checkFile, FILE_ALERTS, inspectFile, MB, sniffType } from './fileCheck';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];
const WAV = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0, 0, 0];
const TEXT = Array.from('hello world!', (c) => c.charCodeAt(0));
const bytes = (b: number[]) => new Uint8Array(b);

describe('sniffType', () => {
  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
    ['PDF', PDF, 'application/pdf'],
    ['WAV (RIFF but not WEBP)', WAV, null],
    ['GIF', GIF, null],
    ['text', TEXT, null],
    ['too short', [0x89, 0x50], null],
    ['empty', [], null],
  ])('%s -> %s', (_name, head, expected) => {
    expect(sniffType(bytes(head))).toBe(expected);
  });
});

describe('checkFile (image picker)', () => {
  it.each([
    ['a PNG', { size: 1000, type: 'image/png' }, PNG, null],
    ['a JPEG', { size: 1000, type: 'image/jpeg' }, JPEG, null],
    ['a WebP', { size: 1000, type: 'image/webp' }, WEBP, null],
    ['exactly 5 MB', { size: 5 * MB, type: 'image/png' }, PNG, null],
    ['one byte over 5 MB', { size: 5 * MB + 1, type: 'image/png' }, PNG, 'tooLarge'],
    [
      'too large and not an image: size first',
      { size: 6 * MB, type: 'text/plain' },
      TEXT,
      'tooLarge',
    ],
    ['no declared type, PNG bytes', { size: 10, type: '' }, PNG, null],
    ['declared PNG, JPEG bytes', { size: 10, type: 'image/png' }, JPEG, null],
    ['declared text, PNG bytes', { size: 10, type: 'text/plain' }, PNG, 'wrongType'],
    ['declared PDF, PDF bytes', { size: 10, type: 'application/pdf' }, PDF, 'wrongType'],
    ['declared PNG, text bytes', { size: 10, type: 'image/png' }, TEXT, 'wrongType'],
    ['declared GIF, GIF bytes', { size: 10, type: 'image/gif' }, GIF, 'wrongType'],
    ['an empty file', { size: 0, type: 'image/png' }, [], 'wrongType'],
  ])('%s -> %s', (_name, file, head, expected) => {
    expect(checkFile(file, bytes(head), 'image')).toBe(expected);
  });
});

describe('checkFile (PDF picker)', () => {
  it.each([
    ['a PDF', { size: 1000, type: 'application/pdf' }, PDF, null],
    ['a 99 MB PDF', { size: 99 * MB, type: 'application/pdf' }, PDF, null],
    ['a 101 MB PDF', { size: 101 * MB, type: 'application/pdf' }, PDF, 'tooLarge'],
    ['a PNG', { size: 1000, type: 'image/png' }, PNG, 'wrongType'],
    ['declared PDF, PNG bytes', { size: 1000, type: 'application/pdf' }, PNG, 'wrongType'],
  ])('%s -> %s', (_name, file, head, expected) => {
    expect(checkFile(file, bytes(head), 'pdf')).toBe(expected);
  });
});

describe('inspectFile', () => {
  it('returns the alert text to show, or null', async () => {
    const png = new File([bytes(PNG)], 'seal.png', { type: 'image/png' });
    const text = new File(['hello world!'], 'notes.png', { type: 'image/png' });
    const pdf = new File([bytes(PDF)], 'a.pdf', { type: 'application/pdf' });
    expect(await inspectFile(png, 'image')).toBeNull();
    expect(await inspectFile(text, 'image')).toBe(FILE_ALERTS.notImage);
    expect(await inspectFile(pdf, 'image')).toBe('Please select an image file');
    expect(await inspectFile(png, 'pdf')).toBe('Please select an pdf file');
  });

  it('rejects a file over the limit without reading it', async () => {
    const big = { size: 5 * MB + 1, type: 'image/png', slice: () => ({}) } as unknown as File;
    expect(await inspectFile(big, 'image')).toBe('The file is more than 5MB');
  });
});
