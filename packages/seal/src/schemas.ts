import { z } from 'zod';
import { charCount, LIMITS } from './limits';

const maxChars = (n: number) => (s: string) => charCount(s) <= n;

/** POST /v1/stamp/create body. Unknown keys are stripped. */
export const ZCreateSeal = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'name is required')
    .refine(maxChars(LIMITS.nameMax), `name is at most ${LIMITS.nameMax} characters`),
  title: z
    .string()
    .trim()
    .refine(maxChars(LIMITS.titleMax), `title is at most ${LIMITS.titleMax} characters`)
    .default(''),
  code: z
    .string()
    .trim()
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
    .refine(maxChars(LIMITS.feedbackMax), `text is at most ${LIMITS.feedbackMax} characters`),
});
export type TReport = z.infer<typeof ZReport>;
