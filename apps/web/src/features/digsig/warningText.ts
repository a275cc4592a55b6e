/**
 * The engine's certificate warnings (packages/pdf sign/certs.ts) come as English sentences without a
 * code; this reads the two it writes into a key and a date, so the screen says them in the user's
 * language (issue 19). Anything else gets a general sentence, the original going to the debug log.
 */
export type CertificateWarning =
  | { key: 'expired' | 'notYetValid'; date: string }
  | { key: 'other'; date?: undefined };

const PATTERNS = [
  { key: 'expired', pattern: /^The certificate expired on (\d{4}-\d{2}-\d{2})\b/ },
  { key: 'notYetValid', pattern: /^The certificate is valid only from (\d{4}-\d{2}-\d{2})\b/ },
] as const;

export function certificateWarning(warning: string): CertificateWarning {
  for (const { key, pattern } of PATTERNS) {
    const date = pattern.exec(warning)?.[1];
    if (date) return { key, date };
  }
  return { key: 'other' };
}
