import { useTranslation } from 'react-i18next';
import type { DigsigProblem } from '../../store/digsig';

const KNOWN = new Set([
  'P12_PASSWORD_WRONG',
  'NOT_P12',
  'P12_NO_KEY',
  'KEY_TOO_WEAK',
  'KEY_UNSUPPORTED',
  'KEY_MISMATCH',
  'BAD_CERTIFICATE',
  'TSA_FAILED',
  'CERTIFIED_NO_CHANGES',
  'SIGN_FAILED',
  'NAME_REQUIRED',
  'NO_KEY',
  'NO_APPEARANCE',
  'NOT_CERTIFICATE',
]);

/** Whether a failed export's code belongs next to the 数字签名 controls. */
export function isSigningProblem(code: string | undefined): boolean {
  return code !== undefined && KNOWN.has(code);
}

/** A signing or certificate problem in the user's language (the kernel's English as the detail). */
export function useProblemText(): (problem: DigsigProblem) => string {
  const { t } = useTranslation();
  return (problem) =>
    KNOWN.has(problem.code)
      ? t(`digsig.errors.${problem.code}` as 'digsig.errors.FAILED', { message: problem.message })
      : t('digsig.errors.FAILED', { message: problem.message });
}
