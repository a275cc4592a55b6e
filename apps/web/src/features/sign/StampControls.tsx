import type { Corner } from '@yinzhang/seal/placement';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PlacedStamp.module.css';

const CORNERS: readonly Corner[] = ['nw', 'ne', 'sw', 'se'];

interface Props {
  /** Where the toolbar sits, from placedLayout: a class name of PlacedStamp.module.css. */
  toolbar: string;
  /** Pointer handlers for the resize handle at a corner. */
  cornerHandlers(corner: Corner): HTMLAttributes<HTMLSpanElement>;
  onRotate(): void;
  onRemove(): void;
}

/**
 * What a selected stamp shows on both the image and the PDF screens: a resize handle at each
 * corner (corners only, SPEC §5) and the rotate and delete buttons.
 */
export default function StampControls({ toolbar, cornerHandlers, onRotate, onRemove }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {CORNERS.map((corner) => (
        <span
          key={corner}
          className={styles.handle}
          data-corner={corner}
          aria-hidden="true"
          {...cornerHandlers(corner)}
        />
      ))}
      <div className={`${styles.toolbar} ${styles[toolbar]}`}>
        <button
          type="button"
          className={styles.tool}
          aria-label={t('sign.rotate')}
          title={t('sign.rotate')}
          onClick={onRotate}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {/* Clockwise, as the stamp turns. */}
            <path
              fill="currentColor"
              transform="matrix(-1 0 0 1 24 0)"
              d="M12 4a8 8 0 1 1-7.7 10h2.1A6 6 0 1 0 12 6v3L7.5 5 12 1v3z"
            />
          </svg>
        </button>
        <button
          type="button"
          className={styles.tool}
          aria-label={t('sign.remove')}
          title={t('sign.remove')}
          onClick={onRemove}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
            />
          </svg>
        </button>
      </div>
    </>
  );
}
