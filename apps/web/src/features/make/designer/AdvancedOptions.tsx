import {
  DESIGN_LIMITS as L,
  SEAL_COLOURS,
  SEAL_INK,
  type SealDesign,
  type SealDesignOptions,
} from '@yinzhang/seal';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Designer.module.css';
import RangeField from './RangeField';

const mm = (v: number) => v.toFixed(1);
const pct = (v: number) => `${Math.round(v * 100)}%`;

/** 更多选项: colour, opacity, border, star, text and the aging texture. Every change is live. */
export default function AdvancedOptions({
  design,
  onChange,
  onReset,
}: {
  design: SealDesign;
  onChange: (change: SealDesignOptions) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const curved = design.shape !== 'square';
  // The controls render only while open: most visitors never open them.
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.more} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className={styles.summary}>{t('designer.more')}</summary>
      {open && (
        <div className={styles.grid}>
          <fieldset className={styles.colours}>
            <legend>{t('designer.colour')}</legend>
            {SEAL_COLOURS.map((c) => (
              <label key={c} className={styles.colour}>
                <input
                  type="radio"
                  name={`${id}-colour`}
                  value={c}
                  checked={design.colour === c}
                  onChange={() => onChange({ colour: c })}
                />
                <span className={styles.swatch} style={{ background: SEAL_INK[c] }} aria-hidden />
                {t(`designer.colours.${c}`)}
              </label>
            ))}
          </fieldset>
          <div className={styles.control}>
            <label htmlFor={`${id}-size`}>{t('designer.sizeMm')}</label>
            <input
              id={`${id}-size`}
              type="number"
              min={L.sizeMm.min}
              max={L.sizeMm.max}
              step={1}
              value={Math.round(design.widthMm * 10) / 10}
              onChange={(e) => {
                const v = Number(e.target.value);
                if (v >= L.sizeMm.min && v <= L.sizeMm.max) onChange({ widthMm: v });
              }}
            />
          </div>
          <RangeField
            label={t('designer.opacity')}
            value={design.opacity}
            {...L.opacity}
            step={0.05}
            format={pct}
            onChange={(opacity) => onChange({ opacity })}
          />
          <RangeField
            label={t('designer.borderMm')}
            value={design.borderMm}
            {...L.borderMm}
            step={0.1}
            format={mm}
            onChange={(borderMm) => onChange({ borderMm })}
          />
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={design.doubleBorder}
              onChange={(e) => onChange({ doubleBorder: e.target.checked })}
            />
            {t('designer.doubleBorder')}
          </label>
          {curved && (
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={design.innerRing}
                onChange={(e) => onChange({ innerRing: e.target.checked })}
              />
              {t('designer.innerRing')}
            </label>
          )}
          {design.shape === 'round' && (
            <RangeField
              label={t('designer.starMm')}
              value={design.starMm}
              {...L.starMm}
              step={0.5}
              format={mm}
              onChange={(starMm) => onChange({ starMm })}
            />
          )}
          <RangeField
            label={t('designer.textScale')}
            value={design.textScale}
            {...L.textScale}
            step={0.05}
            format={pct}
            onChange={(textScale) => onChange({ textScale })}
          />
          <RangeField
            label={t('designer.spacing')}
            value={design.spacing}
            {...L.spacing}
            step={0.05}
            format={(v) => v.toFixed(2)}
            onChange={(spacing) => onChange({ spacing })}
          />
          {curved && (
            <div className={styles.control}>
              <label htmlFor={`${id}-arc`}>{t('designer.arcDeg')}</label>
              <input
                id={`${id}-arc`}
                type="number"
                min={L.arcDeg.min}
                max={L.arcDeg.max}
                step={5}
                placeholder={t('designer.arcAuto')}
                value={design.arcDeg ?? ''}
                onChange={(e) => {
                  if (e.target.value === '') return onChange({ arcDeg: null });
                  const v = Number(e.target.value);
                  if (v >= L.arcDeg.min && v <= L.arcDeg.max) onChange({ arcDeg: v });
                }}
              />
            </div>
          )}
          <RangeField
            label={t('designer.aging')}
            value={design.aging}
            {...L.aging}
            step={0.05}
            format={pct}
            onChange={(aging) => onChange({ aging })}
          />
          {design.aging > 0 && (
            <div className={styles.control}>
              <label htmlFor={`${id}-seed`}>{t('designer.seed')}</label>
              <input
                id={`${id}-seed`}
                type="number"
                min={0}
                step={1}
                value={design.seed}
                onChange={(e) => {
                  const v = Number(e.target.value);
                  if (Number.isInteger(v) && v >= 0) onChange({ seed: v });
                }}
              />
            </div>
          )}
          <button type="button" className={styles.reset} onClick={onReset}>
            {t('designer.reset')}
          </button>
        </div>
      )}
    </details>
  );
}
