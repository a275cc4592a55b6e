import { describe, expect, it } from 'vitest';
import digsigEn from '../../i18n/digsig.en';
import digsigZhCN from '../../i18n/digsig.zh-CN';
import { certificateWarning } from './warningText';

describe('certificateWarning: the engine’s certificate warnings in our words', () => {
  it.each([
    [
      'The certificate expired on 2020-01-01; readers will say so',
      { key: 'expired', date: '2020-01-01' },
    ],
    ['The certificate expired on 2020-01-01', { key: 'expired', date: '2020-01-01' }],
    ['The certificate is valid only from 2031-05-06', { key: 'notYetValid', date: '2031-05-06' }],
    ['Something else the engine may say one day', { key: 'other' }],
    ['', { key: 'other' }],
  ])('%j', (warning, expected) => {
    expect(certificateWarning(warning)).toEqual(expected);
  });

  it.each(['expired', 'notYetValid', 'other'] as const)(
    '%s has a sentence in every locale, with the date where there is one',
    (key) => {
      for (const strings of [digsigZhCN, digsigEn]) {
        const text = strings.digsig.warning[key];
        expect(text.length).toBeGreaterThan(4);
        expect(text.includes('{{date}}')).toBe(key !== 'other');
        expect(text).not.toContain('{{message}}');
      }
    },
  );
});
