import { describe, expect, it } from 'vitest';
import {
  hasNoControlChars,
  hasNoControlCharsButLineBreaks,
  notTextMessage,
  ZCreateSeal,
  ZReport,
} from '../src/schemas';

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
/** Every character the text rule refuses besides C0 (issue 20): DEL, C1, bidi and zero-width. */
const NOT_TEXT = [
  0x7f, 0x80, 0x85, 0x9b, 0x9f, 0x61c, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a,
  0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2066, 0x2067, 0x2068, 0x2069, 0xfeff,
].map((c) => String.fromCharCode(c));

describe('control characters', () => {
  it('hasNoControlChars refuses every C0 character and nothing printable', () => {
    for (const c of C0) expect(hasNoControlChars(`a${c}b`), `U+${c.charCodeAt(0)}`).toBe(false);
    expect(hasNoControlChars('印章 🙂 Z̷a شركة 上海·（盖章）')).toBe(true);
  });

  it.each(NOT_TEXT.map((c) => [c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')]))(
    'refuses U+%s in names, titles, codes and reports, naming the field',
    (hex) => {
      const c = String.fromCharCode(Number.parseInt(hex, 16));
      expect(hasNoControlChars(`a${c}b`)).toBe(false);
      expect(hasNoControlCharsButLineBreaks(`a${c}b`)).toBe(false);
      for (const field of ['name', 'title', 'code'] as const) {
        const body = { name: '印章', [field]: `A${c}1` };
        const result = ZCreateSeal.safeParse(body);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.path).toEqual([field]);
        expect(result.error?.issues[0]?.message).toBe(notTextMessage(field));
      }
      expect(ZReport.safeParse({ text: `a${c}b` }).error?.issues[0]?.message).toBe(
        notTextMessage('text'),
      );
    },
  );

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
    expect(result.error?.issues[0]?.message).toBe(notTextMessage('name'));
    expect(ZCreateSeal.parse({ name: '\t印章\n', title: ' 专用 ', code: ' A1 ' })).toEqual({
      name: '印章',
      title: '专用',
      code: 'A1',
    });
  });

  it('ZCreateSeal keeps accepting emoji, combining marks and right-to-left text', () => {
    for (const name of ['印章🙂👍🏽', 'Z̷̢̛a̸l̵g̶o̴', 'abcشركة']) {
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
