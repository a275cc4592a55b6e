import { z } from 'zod';
import { charCount, LIMITS } from './limits';

const maxChars = (n: number) => (s: string) => charCount(s) <= n;

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** True when `s` holds no C0 control character (U+0000..U+001F: NUL, tab, newline, ESC...). */
export function hasNoControlChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) < 0x20) return false;
  }
  return true;
}

/** Like hasNoControlChars, but tab and line breaks pass: the feedback box is a textarea. */
export function hasNoControlCharsButLineBreaks(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 && c !== TAB && c !== LF && c !== CR) return false;
  }
  return true;
}

// Applied after trim: leading and trailing whitespace controls are trimmed, not refused.
const noControlChars = (field: string) =>
  [hasNoControlChars, `${field} may not contain control characters`] as const;

/** POST /v1/stamp/create body. Unknown keys are stripped. */
export const ZCreateSeal = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .refine(...noControlChars('name'))
    .refine(maxChars(LIMITS.nameMax), `name is at most ${LIMITS.nameMax} characters`),
  title: z
    .string()
    .trim()
    .refine(...noControlChars('title'))
    .refine(maxChars(LIMITS.titleMax), `title is at most ${LIMITS.titleMax} characters`)
    .default(''),
  code: z
    .string()
    .trim()
    .refine(...noControlChars('code'))
    .regex(/^[0-9A-Za-z]*$/, 'code may hold only digits and letters')
    .refine(maxChars(LIMITS.codeMax), `code is at most ${LIMITS.codeMax} characters`)
    .default(''),
});
export type TCreateSeal = z.infer<typeof ZCreateSeal>;

/** POST /v1/report body. */
export const ZReport = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'text is required')
    .refine(hasNoControlCharsButLineBreaks, 'text may not contain control characters')
    .refine(maxChars(LIMITS.feedbackMax), `text is at most ${LIMITS.feedbackMax} characters`),
});
export type TReport = z.infer<typeof ZReport>;
