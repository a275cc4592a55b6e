import { describe, expect, it } from 'vitest';
import { pdfErrorKey } from '../../files/pdfErrors';
import { pdfjsErrorCode } from './viewerSetup';

const named = (name: string) => Object.assign(new Error('pdf.js says so'), { name });

describe('pdfjsErrorCode: why the viewer refused a file, as our code', () => {
  it.each([
    [named('InvalidPDFException'), 'BROKEN_PDF', 'trust.error.BROKEN_PDF'],
    [
      Object.assign(named('PasswordException'), { code: 2 }),
      'PASSWORD_WRONG',
      'trust.error.PASSWORD_WRONG',
    ],
    [
      Object.assign(named('PasswordException'), { code: 1 }),
      'PASSWORD_REQUIRED',
      'trust.error.PASSWORD_REQUIRED',
    ],
    [named('ResponseException'), 'FAILED', 'trust.error.FAILED'],
    [new Error('Invalid PDF structure.'), 'FAILED', 'trust.error.FAILED'],
    ['a string', 'FAILED', 'trust.error.FAILED'],
    [null, 'FAILED', 'trust.error.FAILED'],
  ])('%o -> %s', (reason, code, key) => {
    expect(pdfjsErrorCode(reason)).toBe(code);
    expect(pdfErrorKey(pdfjsErrorCode(reason))).toBe(key);
  });
});
