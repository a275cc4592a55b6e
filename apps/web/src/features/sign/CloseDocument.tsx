import styles from './CloseDocument.module.css';

interface Props {
  /** e.g. 关闭图片: says what goes. */
  label: string;
  /** e.g. 刷新页面后仍会保留，关闭后不再保留: says that the work is kept until then. */
  note: string;
  onClose(): void;
}

/**
 * The way out of a document kept across reloads (issue 18, item 9): closing it removes it and its
 * stamps from the screen and from what the browser keeps.
 */
export default function CloseDocument({ label, note, onClose }: Props) {
  return (
    <div className={styles.row}>
      <span className={styles.note}>{note}</span>
      <button type="button" className={styles.close} onClick={onClose}>
        {label}
      </button>
    </div>
  );
}
