import { useTranslation } from 'react-i18next';
import styles from './PdfTrust.module.css';
import type { Refusal } from './trust';
import '../../../i18n/trust';

/** A notice from the engine about the written file (packages/pdf PdfNotice, as the worker sends it). */
export interface WriteNotice {
  code: string;
  signatures?: readonly string[] | undefined;
}

const NOTICE_CODES = [
  'DECRYPTED',
  'REPAIRED',
  'REWRITTEN',
  'SIGNATURES_INVALIDATED',
  'NO_LONGER_PDFA',
  'SIGNATURES_DROPPED',
] as const;
type NoticeCode = (typeof NOTICE_CODES)[number];
const known = (code: string): code is NoticeCode =>
  (NOTICE_CODES as readonly string[]).includes(code);

/**
 * Next to 编辑完成: why the file was not written (a refusal, in words), or what the user should
 * know about the file that was (the password removed, a repair).
 */
export default function FinishMessages({
  refusal,
  notices,
  keptPassword,
}: {
  refusal: Refusal | null;
  notices: readonly WriteNotice[];
  keptPassword: boolean;
}) {
  const { t } = useTranslation();
  if (refusal) {
    return (
      <p role="alert" className={styles.refusal} data-refusal={refusal}>
        {t(`trust.refused.${refusal}`)}
      </p>
    );
  }
  const lines = notices
    .filter((n) => known(n.code))
    .map((n) =>
      t(`trust.notice.${n.code as NoticeCode}`, { names: (n.signatures ?? []).join(', ') }),
    );
  if (keptPassword) lines.push(t('trust.kept'));
  if (lines.length === 0) return null;
  return (
    <ul className={styles.notices} data-write-notices>
      {[...new Set(lines)].map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
