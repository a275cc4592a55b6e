import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSite } from '../api/site';
import styles from './Footer.module.css';

/** SVG data URL of a QR code for `text`, made in the browser (the qrcode library loads on demand). */
async function qrDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(text, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#1f2328', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export default function Footer() {
  const { t } = useTranslation();
  const [contact, setContact] = useState('');
  const [qr, setQr] = useState('');

  useEffect(() => {
    let live = true;
    getSite().then(
      (site) => live && setContact(site.contact),
      () => {},
    );
    qrDataUrl(window.location.origin).then(
      (url) => live && setQr(url),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {/* The QR code sits on the left: the floating feedback button owns the bottom-right corner. */}
        {qr && (
          <figure className={styles.qr}>
            <img src={qr} alt={t('footer.qr')} width={88} height={88} />
            <figcaption>{t('footer.qrCaption')}</figcaption>
          </figure>
        )}
        <div className={styles.text}>
          <p className={styles.notice}>{t('footer.notice')}</p>
          <p>
            <span className={styles.item}>
              {t('footer.copyright', { year: new Date().getFullYear() })}
            </span>
            {contact && (
              <span className={styles.item}>
                {t('footer.contact')}
                <a href={`mailto:${contact}`}>{contact}</a>
              </span>
            )}
          </p>
        </div>
      </div>
    </footer>
  );
}
