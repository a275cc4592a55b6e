import { charCount, LIMITS } from '@yinzhang/seal';

/** Wait after the last keystroke before asking the server for a seal. */
export const AUTO_MAKE_DELAY_MS = 400;

/** SPEC §5: generation while typing fires only once the trimmed name has at least 4 characters. */
export function shouldAutoMake(name: string, min: number = LIMITS.nameMinToGenerate): boolean {
  return charCount(name.trim()) >= min;
}
