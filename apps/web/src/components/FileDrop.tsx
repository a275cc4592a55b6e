import { type DragEvent, useId, useState } from 'react';
import { FILE_RULES, type FileKind, inspectFile } from '../files/fileCheck';
import styles from './FileDrop.module.css';

interface Props {
  kind: FileKind;
  /** The input's accessible name. */
  label: string;
  /** The visible call to action. */
  cta: string;
  tip: string;
  /** A file is already chosen: a slim bar to change it. */
  compact?: boolean;
  /** Called with a file that passed the size and type checks (SPEC §5); others get the alert. */
  onFile(file: File): void;
  /** The visitor is about to use the box (hover, focus, drag). */
  onIntent?(): void;
}

/** A real file input (click) that also takes a dropped file; checks size and type first. */
export default function FileDrop({ kind, label, cta, tip, compact, onFile, onIntent }: Props) {
  const id = useId();
  const [over, setOver] = useState(false);

  async function take(file: File | undefined) {
    if (!file) return;
    onIntent?.();
    const alert = await inspectFile(file, kind);
    if (alert) {
      window.alert(alert);
      return;
    }
    onFile(file);
  }

  function onDragOver(e: DragEvent) {
    if (!e.dataTransfer.types.includes('Files')) return;
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
    void take(e.dataTransfer.files[0]);
  }

  const classes = [styles.box, compact && styles.compact, over && styles.over].filter(Boolean);
  return (
    <div className={classes.join(' ')}>
      <input
        id={id}
        className={styles.input}
        type="file"
        accept={FILE_RULES[kind].accept}
        aria-label={label}
        aria-describedby={`${id}-tip`}
        onFocus={onIntent}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared so that picking the same file again is noticed.
          e.target.value = '';
          void take(file);
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
