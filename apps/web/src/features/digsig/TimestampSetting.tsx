import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sealStore, useSeal } from '../../store';
import styles from './Digsig.module.css';
import { listTimestampAuthorities } from './tsa';

/**
 * 签名设置: a trusted timestamp (off by default) from one of the authorities our server relays to.
 * A server with none configured cannot timestamp, and the box says so.
 */
export default function TimestampSetting({
  list = listTimestampAuthorities,
}: {
  list?: () => Promise<string[]>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const on = useSeal((s) => s.digsigTimestamp);
  const chosen = useSeal((s) => s.digsigTsaUrl);
  const [urls, setUrls] = useState<string[] | null>(null);
  const { setDigsigTimestamp, setDigsigTsaUrl } = sealStore.getState();

  useEffect(() => {
    let live = true;
    void list().then((found) => {
      if (!live) return;
      setUrls(found);
      // Nothing to relay to: a timestamp asked for earlier cannot be had.
      if (found.length === 0) setDigsigTimestamp(false);
    });
    return () => {
      live = false;
    };
  }, [list, setDigsigTimestamp]);

  const none = urls !== null && urls.length === 0;
  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={on}
          disabled={urls === null || none}
          aria-describedby={none ? `${id}-none` : undefined}
          onChange={(e) => setDigsigTimestamp(e.target.checked)}
        />
        {t('digsig.timestamp')}
      </label>
      {none && (
        <p id={`${id}-none`} className={styles.small}>
          {t('digsig.tsaNone')}
        </p>
      )}
      {urls && urls.length > 1 && (
        <div className={styles.field}>
          <label htmlFor={`${id}-tsa`}>{t('digsig.tsaUrl')}</label>
          <select
            id={`${id}-tsa`}
            value={chosen ?? urls[0]}
            disabled={!on}
            onChange={(e) => setDigsigTsaUrl(e.target.value)}
          >
            {urls.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}
