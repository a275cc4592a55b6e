import { useTranslation } from 'react-i18next';
import { type StampEntry, useSeal } from '../../store';
import { stampFileName, stampLabel } from './labels';
import styles from './StampTile.module.css';

interface Props {
  entry: StampEntry;
  onPick?(entry: StampEntry): void;
}

/** One stamp: a button named after it (click places it), with 下载 and 删除 beside it. */
export default function StampTile({ entry, onPick }: Props) {
  const { t } = useTranslation();
  const remove = useSeal((s) => s.removeFromGallery);
  const label = stampLabel(entry, t);
  const caption = entry.kind === 'signature' ? label : entry.name || label;

  return (
    <li className={styles.tile}>
      <button
        type="button"
        className={styles.pick}
        aria-label={label}
        aria-disabled={!onPick}
        onClick={() => onPick?.(entry)}
      >
        <span className={styles.thumb}>
          <img src={entry.url} alt="" draggable={false} />
        </span>
        {/* Part of the name, as WCAG 2.5.3 asks of visible text on a control. */}
        <span className={styles.caption}>{caption}</span>
      </button>
      {entry.sizeMm !== undefined && (
        <span className={styles.size}>{t('gallery.sizeMm', { mm: entry.sizeMm })}</span>
      )}
      <div className={styles.tools}>
        <a
          className={styles.tool}
          href={entry.url}
          download={stampFileName(entry)}
          title={t('gallery.download', { name: label })}
        >
          <span className={styles.hidden}>{t('gallery.download', { name: label })}</span>
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M11 3h2v9.2l3.6-3.6 1.4 1.4-6 6-6-6 1.4-1.4 3.6 3.6V3zM4 19h16v2H4z"
            />
          </svg>
        </a>
        <button
          type="button"
          className={styles.tool}
          aria-label={t('gallery.remove', { name: label })}
          title={t('gallery.remove', { name: label })}
          onClick={() => remove(entry.id)}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
            />
          </svg>
        </button>
      </div>
    </li>
  );
}
