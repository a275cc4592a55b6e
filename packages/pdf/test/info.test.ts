/** readPdfInfo: what a file holds, read before any work (issue 14's grown PdfInfo). */
import { describe, expect, it } from 'vitest';
import { qpdfEncrypt, withXrefStream } from '../../../test-support/outside-signer';
import { type PdfInfo, readPdfInfo } from '../src';
import { buildPdf } from './helpers/raw-pdf';
import { brokenXref, certified, claimsPdfA } from './helpers/update-fixtures';

const A4 = [0, 0, 595, 842] as const;
const plain = buildPdf([{ mediaBox: A4 }, { mediaBox: A4, rotate: 90 }]);

const NOTHING: Omit<PdfInfo, 'pages'> = {
  encryption: null,
  canModify: true,
  signatures: [],
  certification: null,
  repaired: false,
  pdfA: null,
};

describe('readPdfInfo', () => {
  it.each([
    ['a plain file', async () => plain, undefined, NOTHING],
    ['an xref stream', async () => withXrefStream(plain), undefined, NOTHING],
    ['a broken xref', async () => brokenXref(plain), undefined, { ...NOTHING, repaired: true }],
    [
      'a certification allowing form filling',
      () => certified(plain, 2),
      undefined,
      {
        ...NOTHING,
        signatures: [{ field: 'Certification', signer: null }],
        certification: 2,
      },
    ],
    ['a PDF/A-1b claim', () => claimsPdfA(plain, 1, 'B'), undefined, { ...NOTHING, pdfA: '1B' }],
    [
      'RC4-40 opened with the user password',
      async () =>
        qpdfEncrypt(plain, {
          method: 'RC4-40',
          userPassword: 'u',
          ownerPassword: 'o',
          // 40-bit files have yes/no flags only.
          restrictions: ['--modify=n'],
        }),
      'u',
      { ...NOTHING, encryption: { method: 'RC4-40', ownerAccess: false }, canModify: false },
    ],
    [
      'RC4-128 opened with the owner password',
      async () =>
        qpdfEncrypt(plain, {
          method: 'RC4-128',
          userPassword: 'u',
          ownerPassword: 'o',
          restrictions: ['--modify=none'],
        }),
      'o',
      { ...NOTHING, encryption: { method: 'RC4-128', ownerAccess: true } },
    ],
  ] as const)('%s', async (_, make, password, expected) => {
    const info = await readPdfInfo(await make(), password);
    const { pages, ...rest } = info;
    expect(rest).toEqual(expected);
    // The displayed sizes: page 2 is turned a quarter.
    expect(pages.map((p) => [p.width, p.height])).toEqual([
      [595, 842],
      [842, 595],
    ]);
  });
});
