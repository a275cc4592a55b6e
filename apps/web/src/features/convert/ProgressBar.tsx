import { percent } from './format';
import styles from './tool.module.css';

/** A determinate progress bar with its percentage. */
export default function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = percent(value);
  return (
    <div className={styles.progress}>
      <progress max={100} value={pct} aria-label={label} />
      <span aria-hidden="true">{pct}%</span>
    </div>
  );
}
