import { type DragEvent, useId, useState } from 'react';
import { FILE_RULES, type FileKind } from '../../files/fileCheck';
import { checkFiles } from './checkFiles';
import styles from './FilesDrop.module.css';

interface Props {
  kind: FileKind;
  /** The input's accessible name. */
  label: string;
  cta: string;
  tip: string;
  /** Several files at once (the default), or one. */
  multiple?: boolean;
  /** A slim bar, once something has been chosen. */
  compact?: boolean;
  disabled?: boolean;
  /** Files that passed the size and type checks; the others got the spec's alert. */
  onFiles(files: File[]): void;
}

/** A real `<input type="file">` (click or keyboard) that also takes dropped files. */
export default function FilesDrop(props: Props) {
  const { kind, label, cta, tip, multiple = true, compact, disabled, onFiles } = props;
  const id = useId();
  const [over, setOver] = useState(false);

  async function take(list: FileList | null | undefined) {
    const files = [...(list ?? [])];
    if (files.length === 0 || disabled) return;
    const { accepted, alert } = await checkFiles(multiple ? files : files.slice(0, 1), kind);
    if (alert) window.alert(alert);
    if (accepted.length > 0) onFiles(accepted);
  }

  function onDragOver(e: DragEvent) {
    if (disabled || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    void take(e.dataTransfer.files);
  }

  const classes = [styles.box, compact && styles.compact, over && styles.over].filter(Boolean);
  return (
    <div className={classes.join(' ')}>
      <input
        id={id}
        className={styles.input}
        type="file"
        multiple={multiple}
        accept={FILE_RULES[kind].accept}
        aria-label={label}
        aria-describedby={`${id}-tip`}
        disabled={disabled}
        onChange={(e) => {
          const files = e.target.files;
          void take(files).finally(() => {
            // Cleared so that choosing the same file again is noticed.
            e.target.value = '';
          });
        }}
      />
      <label
        htmlFor={id}
        className={styles.zone}
        onDragOver={onDragOver}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <svg
          className={styles.icon}
          width={compact ? 20 : 32}
          height={compact ? 20 : 32}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path
            fill="currentColor"
            d="M19 13v6H5v-6H3v6a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-6h-2zM11 5.8V16h2V5.8l3.6 3.6L18 8l-6-6-6 6 1.4 1.4L11 5.8z"
          />
        </svg>
        <span className={styles.cta}>{cta}</span>
        <span id={`${id}-tip`} className={styles.tip}>
          {tip}
        </span>
      </label>
    </div>
  );
}
