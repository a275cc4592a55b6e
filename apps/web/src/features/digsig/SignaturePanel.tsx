import type { SignatureReport } from '@yinzhang/pdf';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, logEngineError, pdfErrorKey } from '../../files/pdfErrors';
import { useSeal } from '../../store';
import styles from './Digsig.module.css';
import TrustAnchors from './TrustAnchors';
import { verifyInWorker } from './verifyInWorker';
import type { VerifyRequest } from './verifyJob';

export type Verdict = 'valid' | 'invalid' | 'changed';

/** 签名有效 / 签名无效（文件已被改动） / 签名后有修改, from what verifyPdf found. */
export function verdictOf(report: Pick<SignatureReport, 'intact' | 'wholeDocument'>): Verdict {
  if (!report.intact) return 'invalid';
  return report.wholeDocument ? 'valid' : 'changed';
}

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; signatures: SignatureReport[] }
  | { state: 'failed'; code: string | undefined; file: string };

interface Props {
  /** The opened PDF; null: nothing to check. */
  file: Blob | null;
  password?: string | undefined;
  /** Runs verifyPdf (in a worker); injected by tests. */
  verify?: (request: VerifyRequest) => Promise<SignatureReport[]>;
}

/**
 * The signatures of an opened PDF, each with its signer, time and verdict, and whether its
 * certificate is trusted (against the trust anchors the user added). Shows nothing for a PDF
 * without signatures.
 */
export default function SignaturePanel({ file, password, verify = verifyInWorker }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const anchors = useSeal((s) => s.trustAnchors);
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  useEffect(() => {
    if (!file) {
      setCheck({ state: 'idle' });
      return;
    }
    let live = true;
    setCheck({ state: 'checking' });
    verify({ file, password, trust: anchors.map((a) => a.der) }).then(
      (signatures) => live && setCheck({ state: 'done', signatures }),
      (error: unknown) => {
        if (!live) return;
        const name = file instanceof File ? file.name : 'PDF';
        logEngineError('signature check', name, error);
        setCheck({ state: 'failed', code: errorCode(error), file: name });
      },
    );
    return () => {
      live = false;
    };
  }, [file, password, anchors, verify]);

  if (check.state === 'idle') return null;
  if (check.state === 'checking') {
    return (
      <p role="status" className={styles.small}>
        {t('digsig.verify.checking')}
      </p>
    );
  }
  if (check.state === 'failed') {
    return (
      <p role="status" className={styles.small}>
        {check.code === 'PASSWORD_REQUIRED'
          ? t('digsig.verify.needPassword')
          : t('digsig.verify.failed', { reason: t(pdfErrorKey(check.code), { file: check.file }) })}
      </p>
    );
  }
  if (check.signatures.length === 0) return null;

  const time = (r: SignatureReport) => {
    if (!r.signedAt) return t('digsig.verify.noTime');
    const when = new Date(r.signedAt).toLocaleString(i18n.language);
    return t('digsig.verify.time', {
      time:
        r.signedAtSource === 'timestamp'
          ? t('digsig.verify.timeTimestamp', { time: when })
          : t('digsig.verify.timeClock', { time: when }),
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.panelTitle}>
        {t('digsig.verify.title')}
      </h3>
      <p className={styles.small}>{t('digsig.verify.count', { count: check.signatures.length })}</p>
      <ul className={styles.list}>
        {check.signatures.map((r) => {
          const verdict = verdictOf(r);
          return (
            <li key={r.field} className={styles.signature}>
              <span className={`${styles.status} ${styles[verdict]}`}>
                {t(`digsig.verify.${verdict}`)}
              </span>
              <span>
                {t('digsig.verify.signer', {
                  name: r.signer ?? t('digsig.verify.unknownSigner'),
                })}
              </span>
              <span>{time(r)}</span>
              <span>
                {r.trusted ? t('digsig.verify.trusted') : t('digsig.verify.untrusted')}
                {r.selfSigned ? ` · ${t('digsig.verify.selfSigned')}` : ''}
              </span>
              {verdict === 'changed' && r.changesAfter.length > 0 && (
                <span className={styles.small}>
                  {t('digsig.verify.changes', {
                    list: r.changesAfter
                      .map((c) => t(`digsig.verify.change.${c}`))
                      .join(i18n.language === 'zh-CN' ? '、' : ', '),
                  })}
                </span>
              )}
              {r.problemCodes.length > 0 && (
                <span className={styles.small}>
                  {t('digsig.verify.problems', {
                    list: r.problemCodes
                      .map((p) => t(`digsig.verify.problem.${p.code}`))
                      .join(i18n.language === 'zh-CN' ? '；' : '; '),
                  })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <TrustAnchors />
    </section>
  );
}
