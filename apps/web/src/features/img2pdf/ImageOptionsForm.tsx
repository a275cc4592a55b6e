import type { Orientation, PageSize } from '@yinzhang/pdf';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeal } from '../../store';
import { MARGIN_MM } from '../../store/images';
import styles from './Images.module.css';

const SIZES: readonly PageSize[] = ['a4', 'letter', 'fit'];
const ORIENTATIONS: readonly Orientation[] = ['auto', 'portrait', 'landscape'];

/** Page size, orientation and margin for 图片转PDF. */
export default function ImageOptionsForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const options = useSeal((s) => s.imageOptions);
  const setImageOptions = useSeal((s) => s.setImageOptions);
  const fit = options.pageSize === 'fit';

  return (
    <fieldset className={styles.options} disabled={disabled}>
      <legend className={styles.legend}>{t('images.options')}</legend>
      <div className={styles.group} role="radiogroup" aria-labelledby={`${id}-size`}>
        <span id={`${id}-size`} className={styles.label}>
          {t('images.pageSize')}
        </span>
        <div className={styles.choices}>
          {SIZES.map((size) => (
            <label key={size} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-size`}
                checked={options.pageSize === size}
                onChange={() => setImageOptions({ pageSize: size })}
              />
              {t(`images.${size}`)}
            </label>
          ))}
        </div>
      </div>
      <div className={styles.group} role="radiogroup" aria-labelledby={`${id}-orientation`}>
        <span id={`${id}-orientation`} className={styles.label}>
          {t('images.orientation')}
        </span>
        <div className={styles.choices}>
          {ORIENTATIONS.map((o) => (
            <label key={o} className={styles.choice}>
              <input
                type="radio"
                name={`${id}-orientation`}
                checked={fit ? o === 'auto' : options.orientation === o}
                disabled={fit}
                onChange={() => setImageOptions({ orientation: o })}
              />
              {t(`images.${o}`)}
            </label>
          ))}
        </div>
        {fit && <p className={styles.small}>{t('images.orientationFit')}</p>}
      </div>
      <div className={styles.group}>
        <label htmlFor={`${id}-margin`} className={styles.label}>
          {t('images.margin')}
        </label>
        <input
          id={`${id}-margin`}
          className={styles.margin}
          type="number"
          inputMode="decimal"
          min={MARGIN_MM.min}
          max={MARGIN_MM.max}
          step={MARGIN_MM.step}
          value={options.marginMm}
          onChange={(e) => {
            if (e.target.value !== '') setImageOptions({ marginMm: Number(e.target.value) });
          }}
        />
      </div>
    </fieldset>
  );
}
