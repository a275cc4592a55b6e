import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SealState, sealStore, useSeal } from '../../store';
import { appearanceOf } from '../../store/digsig';
import CertificateBackup from './CertificateBackup';
import styles from './Digsig.module.css';
import { useProblemText } from './problemText';
import TimestampSetting from './TimestampSetting';
import { certificateWarning } from './warningText';

/** The seal's name a new certificate is made for: the appearance seal's, else the current seal's. */
function sealName(s: SealState): string {
  const appearance = appearanceOf(s.pdfPlacements, s.digsigAppearance);
  const entry = s.stamps.find((e) => e.id === appearance?.stampId && e.kind === 'made');
  return entry?.name ?? (s.currentStamp?.kind === 'made' ? s.currentStamp.name : '');
}

/**
 * 数字签名 in PDF签章: on or off, which key signs (a .p12 with its password, or a certificate made
 * here by 生成证书), which placed seal is the signature, and the timestamp setting.
 */
export default function DigitalSignature() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const enabled = useSeal((s) => s.digsigEnabled);
  const p12 = useSeal((s) => s.digsigP12);
  const password = useSeal((s) => s.digsigP12Password);
  const key = useSeal((s) => s.digsigKey);
  const generating = useSeal((s) => s.digsigGenerating);
  const error = useSeal((s) => s.digsigError);
  const warnings = useSeal((s) => s.digsigWarnings);
  const placements = useSeal((s) => s.pdfPlacements);
  const chosen = useSeal((s) => s.digsigAppearance);
  const stamps = useSeal((s) => s.stamps);
  const defaultName = useSeal(sealName);
  const actions = sealStore.getState();
  const [name, setName] = useState<string | null>(null);
  const [made, setMade] = useState<Awaited<ReturnType<SealState['generateCertificate']>>>(null);
  const problemText = useProblemText();
  const fileRef = useRef<HTMLInputElement>(null);

  // A certificate made after a .p12 was picked replaces it: the picker must not still name it.
  useEffect(() => {
    if (!p12 && fileRef.current) fileRef.current.value = '';
  }, [p12]);

  const single = placements.filter((p) => !p.batch);
  const appearance = appearanceOf(placements, chosen);
  const certName = name ?? defaultName;
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language);

  async function generate() {
    // The kept key is replaced, and it cannot be exported: only its backup (if any) keeps it.
    if (key && !window.confirm(t('digsig.replaceConfirm', { name: key.commonName }))) return;
    setMade(await actions.generateCertificate(certName));
  }

  return (
    <section className={styles.box} aria-labelledby={`${id}-on`}>
      <label className={styles.check} id={`${id}-on`}>
        <input
          type="checkbox"
          checked={enabled}
          aria-describedby={`${id}-explain`}
          onChange={(e) => actions.setDigsigEnabled(e.target.checked)}
        />
        {t('digsig.enable')}
      </label>
      <p id={`${id}-explain`} className={styles.explain}>
        {t('digsig.explain')}
      </p>
      {enabled && (
        <>
          <div className={styles.field}>
            <label htmlFor={`${id}-p12`}>{t('digsig.p12')}</label>
            <input
              ref={fileRef}
              id={`${id}-p12`}
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              onChange={(e) => {
                const file = e.target.files?.[0];
                actions.setDigsigP12(file ? { file, name: file.name } : null);
              }}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-pw`}>{t('digsig.p12Password')}</label>
            <input
              id={`${id}-pw`}
              type="password"
              autoComplete="off"
              value={password}
              onChange={(e) => actions.setDigsigP12Password(e.target.value)}
            />
          </div>
          <p className={styles.small}>{t('digsig.or')}</p>
          <div className={styles.field}>
            <label htmlFor={`${id}-cn`}>{t('digsig.certName')}</label>
            <div className={styles.row}>
              <input
                id={`${id}-cn`}
                type="text"
                value={certName}
                onChange={(e) => setName(e.target.value)}
              />
              <button
                type="button"
                className={styles.button}
                disabled={generating}
                onClick={() => void generate()}
              >
                {t('digsig.generate')}
              </button>
            </div>
          </div>
          {generating && <p role="status">{t('digsig.generating')}</p>}
          {made && <CertificateBackup made={made} onClose={() => setMade(null)} />}
          {key && (
            <div className={styles.row}>
              <span className={styles.small}>
                {t('digsig.generated', { name: key.commonName, date: date(key.notAfter) })}
              </span>
              <button
                type="button"
                className={styles.link}
                onClick={() => void actions.forgetGeneratedKey()}
              >
                {t('digsig.forget')}
              </button>
            </div>
          )}
          <p className={styles.small} role="status">
            {p12
              ? t('digsig.using', { what: t('digsig.usingP12', { name: p12.name }) })
              : key
                ? t('digsig.using', { what: t('digsig.usingGenerated', { name: key.commonName }) })
                : t('digsig.noKey')}
          </p>
          {single.length > 1 ? (
            <div className={styles.field}>
              <label htmlFor={`${id}-look`}>{t('digsig.appearance')}</label>
              <select
                id={`${id}-look`}
                value={appearance?.id ?? ''}
                onChange={(e) => actions.setDigsigAppearance(e.target.value)}
              >
                {single.map((p, i) => (
                  <option key={p.id} value={p.id}>
                    {t('digsig.appearanceItem', {
                      n: i + 1,
                      name:
                        stamps.find((s) => s.id === p.stampId)?.name ||
                        t('digsig.stampName', { n: i + 1 }),
                      page: p.page + 1,
                    })}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            single.length === 0 && <p className={styles.small}>{t('digsig.appearanceNone')}</p>
          )}
          <details className={styles.settings}>
            <summary>{t('digsig.settings')}</summary>
            <TimestampSetting />
          </details>
        </>
      )}
      {error && (
        <p role="alert" className={styles.error}>
          {problemText(error)}
        </p>
      )}
      {warnings.map((w) => {
        const warning = certificateWarning(w);
        if (warning.key === 'other') console.debug('数字签名 warning:', w);
        return (
          <p key={w} role="status" className={styles.warning}>
            {t(`digsig.warning.${warning.key}`, { date: warning.date })}
          </p>
        );
      })}
    </section>
  );
}
