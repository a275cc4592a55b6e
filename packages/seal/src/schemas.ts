import { z } from 'zod';
import { charCount, LIMITS } from './limits';

const maxChars = (n: number) => (s: string) => charCount(s) <= n;

/**
 * Characters that are not text (issue 20): every control character (Unicode category Cc: C0,
 * DEL, C1 such as U+0085 and U+009B), the bidirectional controls that reorder what is shown
 * (U+061C, U+200E/F, U+202A..E, U+2066..9), and the zero-width characters that hide inside a
 * name (U+180E, U+200B..D, U+2060, U+FEFF). One rule for the server and the browser alike.
 */
const NOT_TEXT = /[\p{Cc}\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/u;
const LINE_BREAKS = /[\t\n\r]/g;

/** True when `s` holds only text: no control, bidi-control or zero-width character. */
export function hasNoControlChars(s: string): boolean {
  return !NOT_TEXT.test(s);
}

/** Like hasNoControlChars, but tab and line breaks pass: the feedback box is a textarea. */
export function hasNoControlCharsButLineBreaks(s: string): boolean {
  return hasNoControlChars(s.replace(LINE_BREAKS, ''));
}

/** The message naming the field, shared by every schema that takes text. */
export const notTextMessage = (field: string) =>
  `${field} may not contain control, bidi-control or zero-width characters`;

// Applied after trim: leading and trailing whitespace controls are trimmed, not refused.
const noControlChars = (field: string) => [hasNoControlChars, notTextMessage(field)] as const;

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
    .refine(hasNoControlCharsButLineBreaks, notTextMessage('text'))
    .refine(maxChars(LIMITS.feedbackMax), `text is at most ${LIMITS.feedbackMax} characters`),
});
export type TReport = z.infer<typeof ZReport>;
