import { type DragEvent, useId, useState } from 'react';
import { checkFiles } from '../files/checkFiles';
import { FILE_RULES, type FileKind } from '../files/fileCheck';
import styles from './FileDrop.module.css';

interface Common {
  kind: FileKind;
  /** The input's accessible name. */
  label: string;
  /** The visible call to action. */
  cta: string;
  tip: string;
  /** Something is already chosen: a slim bar to change it. */
  compact?: boolean;
  disabled?: boolean;
  /** The visitor is about to use the box (hover, focus, drag). */
  onIntent?(): void;
}

/** One file, or several; only files that passed the size and type checks (SPEC §5) arrive. */
type Props = Common &
  (
    | { multiple: true; onFiles(files: File[]): void }
    | { multiple?: false; onFile(file: File): void }
  );

/**
 * A real `<input type="file">` (click or keyboard) that also takes dropped files. Files failing the
 * checks get the spec's alert (one alert for a batch); the rest are handed on.
 */
export default function FileDrop(props: Props) {
  const { kind, label, cta, tip, compact, disabled, onIntent } = props;
  const id = useId();
  const [over, setOver] = useState(false);

  async function take(list: FileList | null | undefined) {
    const files = [...(list ?? [])];
    if (files.length === 0 || disabled) return;
    onIntent?.();
    const { accepted, alert } = await checkFiles(props.multiple ? files : files.slice(0, 1), kind);
    if (alert) window.alert(alert);
    if (accepted.length === 0) return;
    if (props.multiple) props.onFiles(accepted);
    else props.onFile(accepted[0] as File);
  }

  function onDragOver(e: DragEvent) {
    if (disabled || !e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    if (!over) {
      setOver(true);
      onIntent?.();
    }
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
        multiple={props.multiple}
        accept={FILE_RULES[kind].accept}
        aria-label={label}
        aria-describedby={`${id}-tip`}
        disabled={disabled}
        onFocus={onIntent}
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
        onPointerEnter={onIntent}
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
