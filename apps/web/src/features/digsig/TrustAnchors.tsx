import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sealStore, useSeal } from '../../store';
import styles from './Digsig.module.css';
import { useProblemText } from './problemText';

/** The user's trust anchors (kept in IndexedDB): add a CA or self-signed certificate, remove one. */
export default function TrustAnchors() {
  const { t } = useTranslation();
  const id = useId();
  const anchors = useSeal((s) => s.trustAnchors);
  const error = useSeal((s) => s.trustError);
  const problemText = useProblemText();
  const { addTrustAnchor, removeTrustAnchor } = sealStore.getState();

  return (
    <div className={styles.field}>
      <p className={styles.panelTitle} id={`${id}-title`}>
        {t('digsig.trust.title')}
      </p>
      <p className={styles.small}>{t('digsig.trust.hint')}</p>
      {anchors.length > 0 ? (
        <ul className={styles.anchors} aria-labelledby={`${id}-title`}>
          {anchors.map((a) => (
            <li key={a.id}>
              <span>{a.name}</span>
              <button
                type="button"
                className={styles.link}
                onClick={() => void removeTrustAnchor(a.id)}
              >
                {t('digsig.trust.remove', { name: a.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.small}>{t('digsig.trust.none')}</p>
      )}
      <label htmlFor={`${id}-add`}>{t('digsig.trust.add')}</label>
      <input
        id={`${id}-add`}
        type="file"
        accept=".pem,.crt,.cer,.der,application/x-x509-ca-cert,application/pkix-cert"
        onChange={(e) => {
          const input = e.target;
          const file = input.files?.[0];
          if (!file) return;
          void file.arrayBuffer().then(async (bytes) => {
            await addTrustAnchor(new Uint8Array(bytes));
            input.value = '';
          });
        }}
      />
      {error && (
        <p role="alert" className={styles.error}>
          {problemText(error)}
        </p>
      )}
    </div>
  );
}
