import { describe, expect, it } from 'vitest';
import {
  hasNoControlChars,
  hasNoControlCharsButLineBreaks,
  ZCreateSeal,
  ZReport,
} from '../src/schemas';

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));

describe('control characters', () => {
  it('hasNoControlChars refuses every C0 character and nothing printable', () => {
    for (const c of C0) expect(hasNoControlChars(`a${c}b`), `U+${c.charCodeAt(0)}`).toBe(false);
    expect(hasNoControlChars('印章 🙂 Z̷a \u202Eشركة\u200F \u007f')).toBe(true);
  });

  it('hasNoControlCharsButLineBreaks lets tab, LF and CR through', () => {
    expect(hasNoControlCharsButLineBreaks('line one\r\nline\ttwo')).toBe(true);
    expect(hasNoControlCharsButLineBreaks('a\u0000b')).toBe(false);
    expect(hasNoControlCharsButLineBreaks('a\u001bb')).toBe(false);
  });

  it.each(C0.map((c) => [c.charCodeAt(0)]))(
    'ZCreateSeal refuses U+%i inside name, title and code',
    (code) => {
      const c = String.fromCharCode(code);
      expect(ZCreateSeal.safeParse({ name: `印${c}章` }).success).toBe(false);
      expect(ZCreateSeal.safeParse({ name: '印章', title: `a${c}b` }).success).toBe(false);
      expect(ZCreateSeal.safeParse({ name: '印章', code: `A${c}1` }).success).toBe(false);
    },
  );

  it('ZCreateSeal names the field and still trims surrounding whitespace', () => {
    const result = ZCreateSeal.safeParse({ name: 'ab\u0000cd' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('name may not contain control characters');
    expect(ZCreateSeal.parse({ name: '\t印章\n', title: ' 专用 ', code: ' A1 ' })).toEqual({
      name: '印章',
      title: '专用',
      code: 'A1',
    });
  });

  it('ZCreateSeal keeps accepting emoji, combining marks and RTL marks', () => {
    for (const name of ['印章🙂👍🏽', 'Z̷̢̛a̸l̵g̶o̴', '\u202Eabc\u200Fشركة']) {
      expect(ZCreateSeal.safeParse({ name }).success, name).toBe(true);
    }
  });

  it('ZReport refuses NUL and ESC but keeps multi-line feedback', () => {
    expect(ZReport.safeParse({ text: 'ab\u0000cd' }).success).toBe(false);
    expect(ZReport.safeParse({ text: 'ab\u001bcd' }).success).toBe(false);
    expect(ZReport.parse({ text: ' first line\nsecond\tline ' })).toEqual({
      text: 'first line\nsecond\tline',
    });
  });
});
