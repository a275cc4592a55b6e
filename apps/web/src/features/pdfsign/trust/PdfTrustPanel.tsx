import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PdfTrust.module.css';
import { restricted } from './trust';
import type { PdfTrustState } from './usePdfTrust';
import '../../../i18n/trust';

/**
 * Above the pages of PDF签章: what the opened file holds, in words. Its digital signatures (kept,
 * since the stamp is appended), a certification that allows no changes, and permissions that
 * forbid changes, with the two ways past them: the owner password, or a deliberate confirmation.
 */
export default function PdfTrustPanel({ state }: { state: PdfTrustState }) {
  const { t } = useTranslation();
  const id = useId();
  const [owner, setOwner] = useState('');
  const { trust, choice } = state;
  if (!trust) return null;
  const blocked = !trust.canModify;
  const lifted = state.owner === 'ok' && !restricted(trust, choice);
  if (trust.signatures === 0 && trust.certification !== 1 && !blocked && !lifted) return null;

  function submitOwner(e: FormEvent) {
    e.preventDefault();
    state.tryOwner(owner);
  }

  return (
    <section className={styles.panel} aria-label={t('trust.panel')} data-pdf-trust>
      {trust.signatures > 0 && (
        <p className={`${styles.line} ${styles.signed}`} data-signatures={trust.signatures}>
          {t('trust.signatures', { count: trust.signatures })}
        </p>
      )}
      {trust.certification === 1 && (
        <p className={`${styles.line} ${styles.warn}`}>{t('trust.certified')}</p>
      )}
      {blocked && (
        <form
          className={`${styles.line} ${styles.warn} ${styles.restricted}`}
          onSubmit={submitOwner}
        >
          <p>{t('trust.restricted')}</p>
          <label htmlFor={`${id}-owner`}>{t('trust.ownerPassword')}</label>
          <input
            id={`${id}-owner`}
            type="password"
            autoComplete="off"
            value={owner}
            onChange={(e) => setOwner(e.target.value)}
          />
          <button type="submit" className={styles.button} disabled={state.owner === 'checking'}>
            {t('trust.useOwner')}
          </button>
          {state.owner === 'wrong' && <p role="alert">{t('trust.ownerWrong')}</p>}
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={choice.ignoreRestrictions}
              onChange={(e) => state.confirm(e.target.checked)}
            />
            {t('trust.confirm')}
          </label>
        </form>
      )}
      {lifted && (
        <p role="status" className={styles.line}>
          {t('trust.ownerOk')}
        </p>
      )}
    </section>
  );
}
