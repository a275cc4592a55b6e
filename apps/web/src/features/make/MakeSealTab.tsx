import styles from './MakeSealTab.module.css';
import SealForm from './SealForm';
import SealPreview from './SealPreview';

/** 制作印章: make a seal by name. */
export default function MakeSealTab() {
  return (
    <div className={styles.layout}>
      <SealForm />
      <SealPreview />
    </div>
  );
}
