import type { PdfErrorCode } from '@yinzhang/pdf';
import { describe, expect, it, vi } from 'vitest';
import convertEn from '../i18n/convert.en';
import convertZhCN from '../i18n/convert.zh-CN';
import digsigEn from '../i18n/digsig.en';
import digsigZhCN from '../i18n/digsig.zh-CN';
import en from '../i18n/en';
import navEn from '../i18n/nav.en';
import navZhCN from '../i18n/nav.zh-CN';
import pdfsignEn from '../i18n/pdfsign.en';
import pdfsignZhCN from '../i18n/pdfsign.zh-CN';
import trustEn from '../i18n/trust.en';
import trustZhCN from '../i18n/trust.zh-CN';
import zhCN from '../i18n/zh-CN';
import { IMAGE_MAX_PIXELS } from './imageSize';
import {
  errorCode,
  GENERIC_ERROR_KEY,
  KNOWN_ERROR_CODES,
  logEngineError,
  type PageErrorCode,
  pdfErrorKey,
} from './pdfErrors';

const LOCALES = {
  'zh-CN': { ...trustZhCN, ...digsigZhCN },
  en: { ...trustEn, ...digsigEn },
} as const;

/** The string at a dotted key, or undefined. */
function lookup(strings: object, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], strings);
}

/**
 * Every code the engine throws (packages/pdf PdfErrorCode, SignErrorCode) and the page's own.
 * `satisfies` keeps the list whole: a code added to the engine fails to compile here until listed.
 */
const ALL: Record<PdfErrorCode | PageErrorCode, 'read' | 'refused' | 'sign'> = {
  NOT_PDF: 'read',
  BROKEN_PDF: 'read',
  NO_PAGES: 'read',
  PASSWORD_REQUIRED: 'read',
  PASSWORD_WRONG: 'read',
  UNSUPPORTED_ENCRYPTION: 'read',
  BAD_IMAGE: 'read',
  BAD_PLACEMENT: 'read',
  WORKER_STOPPED: 'read',
  IMAGE_UNREADABLE: 'read',
  IMAGE_TOO_LARGE: 'read',
  RESTRICTED: 'refused',
  CERTIFIED_NO_CHANGES: 'refused',
  SIGNED_NEEDS_REPAIR: 'refused',
  P12_PASSWORD_WRONG: 'sign',
  NOT_P12: 'sign',
  P12_NO_KEY: 'sign',
  KEY_TOO_WEAK: 'sign',
  KEY_UNSUPPORTED: 'sign',
  KEY_MISMATCH: 'sign',
  BAD_CERTIFICATE: 'sign',
  TSA_FAILED: 'sign',
  SIGN_FAILED: 'sign',
};
const rows = Object.entries(ALL);

describe('pdfErrorKey: every code in our words', () => {
  it('knows exactly the codes the engine and the page throw', () => {
    expect([...KNOWN_ERROR_CODES].sort()).toEqual(Object.keys(ALL).sort());
  });

  it.each(rows)('%s (%s) maps to a key present in every locale', (code, kind) => {
    const key = pdfErrorKey(code);
    expect(key).not.toBe(GENERIC_ERROR_KEY);
    expect(key).toBe(
      {
        read: `trust.error.${code}`,
        refused: `trust.refused.${code}`,
        sign: `digsig.errors.${code}`,
      }[kind],
    );
    for (const [lang, strings] of Object.entries(LOCALES)) {
      const text = lookup(strings, key);
      expect(typeof text, `${lang} ${key}`).toBe('string');
      expect((text as string).length).toBeGreaterThan(4);
    }
  });

  it.each(rows.filter(([, kind]) => kind === 'read'))(
    '%s names the file in every locale, and never quotes the engine',
    (code) => {
      for (const strings of Object.values(LOCALES)) {
        const text = lookup(strings, pdfErrorKey(code)) as string;
        expect(text).toContain('{{file}}');
        expect(text).not.toContain('{{message}}');
      }
    },
  );

  it.each([undefined, '', 'FAILED', 'TypeError', 'Parent.ascend is not a function', 'toString'])(
    'maps %j to the generic sentence, which names the file and not the failure',
    (code) => {
      expect(pdfErrorKey(code)).toBe(GENERIC_ERROR_KEY);
      for (const strings of Object.values(LOCALES)) {
        const text = lookup(strings, GENERIC_ERROR_KEY) as string;
        expect(text).toContain('{{file}}');
        expect(text).not.toMatch(/\{\{(message|error|reason)\}\}/);
      }
    },
  );

  it('says the pixel limit the page applies', () => {
    expect(IMAGE_MAX_PIXELS).toBe(40_000_000);
    expect(trustZhCN.trust.error.IMAGE_TOO_LARGE).toContain('4000万');
    expect(trustEn.trust.error.IMAGE_TOO_LARGE).toContain('40 megapixels');
  });
});

describe('errorCode and logEngineError', () => {
  it.each([
    [Object.assign(new Error('x'), { code: 'BROKEN_PDF' }), 'BROKEN_PDF'],
    [{ code: 'NOT_PDF' }, 'NOT_PDF'],
    [{ code: '' }, undefined],
    [{ code: 42 }, undefined],
    [new Error('plain'), undefined],
    ['a string', undefined],
    [null, undefined],
  ])('errorCode(%o) is %j', (error, code) => {
    expect(errorCode(error)).toBe(code);
  });

  it('keeps the original failure for the debug log, with the file', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const error = new Error('Expected instance of PDFDict');
    logEngineError('合成', '坏.pdf', error);
    expect(debug).toHaveBeenCalledWith('合成: 坏.pdf:', error);
    debug.mockRestore();
  });
});

describe('no sentence of ours quotes a failure', () => {
  /** Every string in a bundle, with its dotted key. */
  function* strings(o: object, at = ''): Generator<[string, string]> {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'string') yield [`${at}${k}`, v];
      else if (v && typeof v === 'object') yield* strings(v, `${at}${k}.`);
    }
  }
  const bundles = {
    zhCN,
    en,
    convertZhCN,
    convertEn,
    pdfsignZhCN,
    pdfsignEn,
    trustZhCN,
    trustEn,
    digsigZhCN,
    digsigEn,
    navZhCN,
    navEn,
  };
  it.each(Object.entries(bundles))('%s has no {{message}}', (_, bundle) => {
    const quoting = [...strings(bundle)].filter(([, text]) => text.includes('{{message}}'));
    expect(quoting).toEqual([]);
  });
});
