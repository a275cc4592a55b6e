/**
 * Each failure class the pdf.js corpus run found (test/corpus), as a small file generated here, so
 * that the class stays fixed without the corpus: the stamp must show where it was put (pdftoppm),
 * qpdf must read the output, and the file must read, stamp and merge with every page, repaired
 * with one notice where it needed repair.
 */
import { describe, expect, it } from 'vitest';
import { mergePdfs, type PdfNoticeCode, readPdfInfo, stampPdf } from '../src';
import { scanBalance } from '../src/content-scan';
import { A4, edited, encryptedIndirectCf, twoPages, withObject } from './helpers/broken-pdfs';
import { centrePlacement, centreStamp, latin1 } from './helpers/centre-stamp';
import { findBox, isRed, qpdfCheck, renderPage } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

const stamp = centreStamp;
const placement = centrePlacement;
const onePage = (content: string) => buildPdf([{ mediaBox: A4, content }]);

interface Case {
  readonly name: string;
  /** Where the corpus showed the class. */
  readonly seen: string;
  readonly bytes: Uint8Array;
  readonly pages: number;
  /** Notices the stamp must give (a repaired file: REPAIRED and REWRITTEN). */
  readonly notices: readonly PdfNoticeCode[];
  /** qpdf must read the output cleanly even where it complains about the input. */
  readonly soundOutput?: boolean;
}

/** The plain two-page file whose first page lists one more content entry, object 30. */
const extraContent = (object: string) =>
  edited((b) => withObject(b.replace('/Contents 4 0 R', '/Contents [4 0 R 30 0 R]'), 30, object));

const REPAIRED: readonly PdfNoticeCode[] = ['REPAIRED', 'REWRITTEN'];

const CASES: readonly Case[] = [
  {
    // Without extra saves the first Q restores ours, and the tiny clip swallows the stamp.
    name: 'content restores more than it saves',
    seen: 'bug1157493, issue6298',
    bytes: onePage('Q Q 0 0 1 1 re W n'),
    pages: 1,
    notices: [],
  },
  {
    // Our one Q would close only the inner save; the shrinking transform would stay.
    name: 'content saves more than it restores',
    seen: 'bug1795263, issue1350',
    bytes: onePage('q 0.01 0 0 0.01 0 0 cm q'),
    pages: 1,
    notices: [],
  },
  {
    name: 'content ends inside a text object',
    seen: 'issue7821',
    bytes: onePage('BT 0.01 0 0 0.01 0 0 Tm'),
    pages: 1,
    notices: [],
  },
  {
    name: 'a stray ")" in the content',
    seen: 'issue15893_reduced (the scan looped)',
    bytes: onePage(') q Q'),
    pages: 1,
    notices: [],
  },
  {
    // Poppler reads "1e2" as "1" and the unknown operator "e2", so Tf gets no operands, and it
    // stops drawing the content there (Gfx::execOp, commandAborted): the page's content becomes
    // a form XObject, drawn under the stamp.
    name: 'an operator with too few operands',
    seen: 'sci-notation, issue2391-1',
    bytes: onePage('BT /F1 1e2 Tf 10 10 Td (x) Tj ET\nBT undefined 10 Tf ET'),
    pages: 1,
    notices: [],
  },
  {
    // Readers read a page's streams as one: the stamp would be array elements.
    name: 'an array left open',
    seen: 'issue15893_reduced',
    bytes: onePage('q Q [ 1 2 (a)'),
    pages: 1,
    notices: [],
  },
  {
    name: 'a string left open',
    seen: 'issue15893_reduced',
    bytes: onePage('BT (never (closed ET'),
    pages: 1,
    notices: [],
  },
  {
    name: 'a dictionary left open, then a comment without a line end',
    seen: 'issue15893_reduced',
    bytes: onePage('/P << /MCID 0 % Q'),
    pages: 1,
    notices: [],
  },
  {
    // pdf.js and poppler take an empty MediaBox as US Letter.
    name: 'an empty MediaBox',
    seen: 'boundingBox_invalid',
    bytes: buildPdf([{ mediaBox: [0, 0, 0, 0] }]),
    pages: 1,
    notices: [],
  },
  {
    // @libpdf/core re-stated /Encrypt without the /CF it could not read: readers then decrypted
    // our objects with an unknown filter, and the stamp was garbage.
    name: 'an encrypted file whose /CF is a reference',
    seen: 'issue7665',
    bytes: encryptedIndirectCf(twoPages()),
    pages: 2,
    notices: [],
  },
  {
    // Nothing decodes from it; once listed in the output (stamped or merged) it fails qpdf --check.
    name: 'a content stream whose data decodes to nothing',
    seen: 'poppler-395-0-fuzzed',
    bytes: extraContent('<< /Length 8 /Filter /FlateDecode >>\nstream\nnot zlib\nendstream'),
    pages: 2,
    notices: [],
    soundOutput: true,
  },
  {
    name: 'the page tree /Count is wrong',
    seen: 'poppler-67295-0, issue21436',
    bytes: edited((b) => b.replace('/Count 2', '/Count 5')),
    pages: 2,
    notices: REPAIRED,
  },
  {
    name: 'startxref is not a number',
    seen: 'sci-notation, poppler-395-0-fuzzed',
    bytes: latin1(String.fromCharCode(...twoPages()).replace(/startxref\n\d+/, 'startxref\n')),
    pages: 2,
    notices: REPAIRED,
  },
  {
    // pdf-lib's inheritance walk calls a page-tree method on it: "Parent.ascend is not a function".
    name: "a page's /Parent is a plain dictionary",
    seen: 'filled-background',
    bytes: edited((b) =>
      withObject(
        b.replace('/Type /Page /Parent 2 0 R', '/Type /Page /Parent 20 0 R'),
        20,
        '<< /Note (not a page tree node) >>',
      ),
    ),
    pages: 2,
    notices: REPAIRED,
  },
  {
    name: 'junk before the header, past where pdf-lib looks',
    seen: 'bug1606566',
    bytes: latin1(`${'%junk\n'.repeat(200)}${String.fromCharCode(...twoPages())}`),
    pages: 2,
    notices: REPAIRED,
  },
];

describe('corpus failure classes, generated', () => {
  it.each(CASES)('$name ($seen): read, stamped where placed, merged', async (c) => {
    const info = await readPdfInfo(c.bytes);
    expect(info.pages).toHaveLength(c.pages);

    const notices: PdfNoticeCode[] = [];
    const out = await stampPdf(c.bytes, {
      images: { s: stamp },
      placements: [placement],
      onNotice: (n) => notices.push(n.code),
    });
    expect(notices).toEqual(c.notices);
    // Never worse than the input: qpdf reads the output wherever it read the input.
    const inputSound = (() => {
      try {
        qpdfCheck(c.bytes);
        return true;
      } catch {
        return false;
      }
    })();
    if (inputSound || c.soundOutput) expect(() => qpdfCheck(out)).not.toThrow();
    expect((await readPdfInfo(out)).pages).toHaveLength(c.pages);
    const red = findBox(renderPage(out, 1), isRed);
    expect(red).toBeDefined();
    expect(red?.x).toBeCloseTo(0.4, 1);
    expect(red?.width).toBeCloseTo(0.2, 1);

    const merged = await mergePdfs([{ bytes: c.bytes, name: 'class.pdf' }]);
    expect(merged.results[0]).toMatchObject({ ok: true, pages: c.pages });
    if (inputSound || c.soundOutput)
      expect(() => qpdfCheck(merged.bytes as Uint8Array)).not.toThrow();
  });
});

describe('scanBalance', () => {
  const text = (s: string) => scanBalance(latin1(s));
  it.each([
    ['balanced', 'q 1 0 0 1 0 0 cm Q', { deficit: 0, open: 0, inText: false }],
    ['two restores too many', 'Q Q q Q', { deficit: 2, open: 0, inText: false }],
    ['two saves left open', 'q q 0 g', { deficit: 0, open: 2, inText: false }],
    ['a text object left open', 'BT /F1 1 Tf (x) Tj', { deficit: 0, open: 0, inText: true }],
    [
      'operators inside strings count for nothing',
      '(q q BT) Tj <51> Tj',
      { deficit: 0, open: 0, inText: false },
    ],
    ['nor in comments', '% Q Q ET\nq', { deficit: 0, open: 1, inText: false }],
    ['nor in inline images', 'BI /W 1 /H 1 ID QQ q\nEI Q', { deficit: 1, open: 0, inText: false }],
    [
      'escaped parentheses stay in the string',
      '(a \\) Q) Tj Q',
      { deficit: 1, open: 0, inText: false },
    ],
    [
      'ETBT is one unknown operator, as readers take it',
      'BT ETBT ET',
      { deficit: 0, open: 0, inText: false },
    ],
    ['a stray ")" is stepped over', ') ) q', { deficit: 0, open: 1, inText: false }],
  ] as const)('%s', (_name, source, expected) => {
    expect(text(source)).toEqual({ unclosed: '', aborts: false, ...expected });
  });

  it.each([
    ['a number with an exponent is a number and an operator', '/F1 1e2 Tf', true],
    ['an unknown word takes the operands', 'undefined 10 Tf', true],
    ['an operator with none', 'Do', true],
    ['enough operands', '/F1 12 Tf 1 0 0 1 0 0 cm', false],
    ['more than enough', '1 2 3 /F1 12 Tf', false],
    ['an array is one operand', '[(a) 1 (b)] TJ', false],
    ['an operator inside an array is data', '[ Tf ] TJ', false],
    ['operators without operands', 'q Q BT ET n W f', false],
  ] as const)('too few operands: %s', (_name, source, aborts) => {
    expect(text(source).aborts).toBe(aborts);
  });

  it.each([
    ['an array', '[ 1 2', ']'],
    ['nested arrays in a dictionary', '<< /A [ [ 1', ']]>>'],
    ['a string', '(a (b', '))'],
    ['a hex string', '<41', '>'],
    ['closed ones', '[1] <</A 1>> (a) <41>', ''],
    ['a stray closer', '] >> )', ''],
  ] as const)('left open: %s', (_name, source, unclosed) => {
    expect(text(source).unclosed).toBe(unclosed);
  });
});
