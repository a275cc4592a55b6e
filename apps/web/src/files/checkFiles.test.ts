import { describe, expect, it } from 'vitest';
import { checkFiles } from './checkFiles';
import { FILE_ALERTS, MB } from './fileCheck';

const pdf = (name: string, size = 20) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
  return new File([bytes], name, { type: 'application/pdf' });
};

describe('checkFiles', () => {
  it('keeps good PDFs and gives the one pdf alert for a non-PDF', async () => {
    const text = new File(['hello world!'], 'notes.txt', { type: 'text/plain' });
    const { accepted, alert } = await checkFiles([pdf('a.pdf'), text, pdf('b.pdf')], 'pdf');
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(alert).toBe(FILE_ALERTS.notPdf);
    expect(alert).toBe('Please select an pdf file');
  });

  it('refuses a PDF over the limit with the spec’s fixed wording', async () => {
    const big = pdf('big.pdf');
    Object.defineProperty(big, 'size', { value: 100 * MB + 1 });
    const { accepted, alert } = await checkFiles([big], 'pdf');
    expect(accepted).toEqual([]);
    expect(alert).toBe('The file is more than 5MB');
  });

  it('refuses a PDF in the image picker', async () => {
    const { alert } = await checkFiles([pdf('a.pdf')], 'image');
    expect(alert).toBe('Please select an image file');
  });
});
