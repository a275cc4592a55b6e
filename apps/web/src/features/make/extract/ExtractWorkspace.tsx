import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExtractError, useSeal } from '../../../store';
import CropPanel from './CropPanel';
import { type CropChoice, exportCrop } from './cropExport';
import sectionStyles from './ExtractSection.module.css';
import styles from './ExtractWorkspace.module.css';
import ModeOptions from './ModeOptions';
import ResultPreview from './ResultPreview';

type T = ReturnType<typeof useTranslation>['t'];

/**
 * What went wrong, in the visitor's words and naming the photo (issue 19): a sentence per status we
 * expect, a generic one otherwise; the server's own English stays in the debug log (store/extract).
 */
export function extractErrorText(t: T, error: ExtractError, file: string): string {
  if (error.status === 413) return t('extract.tooLarge', { file });
  if (error.status === 415) return t('extract.notImage', { file });
  if (error.status === 422) return t('extract.unreadable', { file });
  if (error.status === 429 || error.status === 503) return t('extract.unavailable');
  return t('extract.failed', { file });
}

/** Loaded once a photo is chosen: the cropper, the options, 制作印章 and the result. */
export default function ExtractWorkspace() {
  const { t } = useTranslation();
  const photo = useSeal((s) => s.photo);
  const parsing = useSeal((s) => s.parsing);
  const error = useSeal((s) => s.extractError);
  const parseCrop = useSeal((s) => s.parseCrop);
  const choice = useRef<CropChoice & { src: string }>({ src: '', area: null, rotation: 0 });
  if (!photo) return null;

  function make() {
    if (!photo) return;
    const chosen = choice.current.src === photo.url ? choice.current : null;
    void parseCrop(exportCrop(photo.url, chosen ?? { area: null, rotation: 0 }));
  }

  return (
    <div className={styles.workspace}>
      <CropPanel
        key={photo.url}
        src={photo.url}
        onChoice={(c) => {
          choice.current = { ...c, src: photo.url };
        }}
      />
      <div className={styles.side}>
        <ModeOptions />
        <button
          type="button"
          className={styles.make}
          disabled={parsing}
          aria-busy={parsing}
          onClick={make}
        >
          {parsing && <span className={styles.spinner} aria-hidden="true" />}
          {parsing ? t('extract.busy') : t('extract.make')}
        </button>
        {error && (
          <p role="alert" className={sectionStyles.error}>
            {extractErrorText(t, error, photo.name)}
          </p>
        )}
        <ResultPreview />
      </div>
    </div>
  );
}
