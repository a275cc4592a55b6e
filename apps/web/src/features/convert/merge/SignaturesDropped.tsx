import { useTranslation } from 'react-i18next';
import styles from './Merge.module.css';
import '../../../i18n/trust';

/**
 * In a merge row, before 合成: the file's digital signatures will not be in the merged file (a
 * merge makes a new document; issue 14). Words, not an icon.
 */
export default function SignaturesDropped({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <span className={styles.signatures} data-signatures-dropped={count}>
      {t('trust.mergeDropped', { count })}
    </span>
  );
}
