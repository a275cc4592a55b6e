import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeal } from '../../../store';
import { EXTRACT_MODES, RED_CHOICES } from '../../../store/clarity';
import styles from './ModeOptions.module.css';

/**
 * Mode radios 印章模式 · 黑白模式 · 图片模式; in mode 0 the 纯色 switch (one flat seal red instead
 * of the ink's shading), in modes 1 and 2 the red-handling radios.
 */
export default function ModeOptions() {
  const { t } = useTranslation();
  const id = useId();
  const mode = useSeal((s) => s.mode);
  const red = useSeal((s) => s.clarity[s.mode].red);
  const setMode = useSeal((s) => s.setMode);
  const setRed = useSeal((s) => s.setRed);
  const setFlat = useSeal((s) => s.setFlat);

  return (
    <div className={styles.options}>
      <fieldset className={styles.group} aria-describedby={`${id}-hint`}>
        <legend className={styles.legend}>{t('extract.mode')}</legend>
        <div className={styles.segments}>
          {EXTRACT_MODES.map((m) => (
            <label key={m} className={styles.segment}>
              <input
                type="radio"
                name={`${id}-mode`}
                value={m}
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              <span>{t(`extract.mode${m}`)}</span>
            </label>
          ))}
        </div>
        <p id={`${id}-hint`} className={styles.hint}>
          {t(`extract.modeHint${mode}`)}
        </p>
      </fieldset>
      {mode === 0 && (
        <label className={styles.flat}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={red === 2}
            checked={red === 2}
            onChange={(e) => setFlat(e.target.checked)}
          />
          <span>{t('extract.flat')}</span>
        </label>
      )}
      {mode !== 0 && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t('extract.red')}</legend>
          <div className={styles.segments}>
            {RED_CHOICES.map((r) => (
              <label key={r} className={styles.segment}>
                <input
                  type="radio"
                  name={`${id}-red`}
                  value={r}
                  checked={red === r}
                  onChange={() => setRed(r)}
                />
                <span>{t(`extract.red${r}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
