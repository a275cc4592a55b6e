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

/**
 * A signing or certificate problem in the user's language, by its code alone (issue 19): the
 * kernel's or the timestamp server's English is logged where the problem is caught, not shown.
 */
export function useProblemText(): (problem: DigsigProblem) => string {
  const { t } = useTranslation();
  return (problem) =>
    KNOWN.has(problem.code)
      ? t(`digsig.errors.${problem.code}` as 'digsig.errors.FAILED')
      : t('digsig.errors.FAILED');
}
