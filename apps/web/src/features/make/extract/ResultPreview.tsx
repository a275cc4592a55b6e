import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeal } from '../../../store';
import { canStep } from '../../../store/clarity';
import styles from './ResultPreview.module.css';

/**
 * The extracted stamp with the 清晰度 slider, ‹ › arrows and the 自动 switch (the extractor's
 * automatic clarity, picked per photo, until the slider is moved), the 透明背景 toggle and 下载;
 * 未找到印章 when nothing was kept.
 */
export default function ResultPreview() {
  const { t } = useTranslation();
  const id = useId();
  const url = useSeal((s) => s.stampUrl);
  const key = useSeal((s) => s.stampKey);
  const busy = useSeal((s) => s.graying);
  const mode = useSeal((s) => s.mode);
  const setting = useSeal((s) => s.clarity[s.mode]);
  const empty = useSeal((s) => s.stampEmpty);
  const setClarity = useSeal((s) => s.setClarity);
  const stepClarity = useSeal((s) => s.stepClarity);
  const setAutoClarity = useSeal((s) => s.setAutoClarity);
  const [checkered, setCheckered] = useState(false);
  if (!url) return null;

  const fixed = setting.min === setting.max;
  return (
    <section className={styles.result} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('extract.result')}
      </h3>
      <div
        className={`${styles.stage} ${checkered ? styles.checkered : styles.paper}`}
        data-checkered={checkered}
        aria-busy={busy}
      >
        <img
          className={styles.image}
          src={url}
          alt={t('extract.preview')}
          width={512}
          height={512}
        />
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        {empty && !busy && (
          <p className={styles.empty} role="status">
            <strong>{t('extract.noSeal')}</strong>
            <span>{t('extract.noSealHint')}</span>
          </p>
        )}
      </div>

      <div className={styles.clarity}>
        <label htmlFor={`${id}-clarity`} className={styles.label}>
          {t('extract.clarity')}
        </label>
        <button
          type="button"
          className={styles.arrow}
          aria-label={t('extract.clarityDown')}
          disabled={!canStep(setting, -1)}
          onClick={() => stepClarity(-1)}
        >
          ‹
        </button>
        <input
          id={`${id}-clarity`}
          className={styles.slider}
          type="range"
          min={setting.min}
          max={setting.max}
          step={setting.step}
          value={setting.val}
          disabled={fixed}
          onChange={(e) => setClarity(Number(e.target.value))}
        />
        <button
          type="button"
          className={styles.arrow}
          aria-label={t('extract.clarityUp')}
          disabled={!canStep(setting, 1)}
          onClick={() => stepClarity(1)}
        >
          ›
        </button>
        <output htmlFor={`${id}-clarity`} className={styles.value}>
          {setting.auto ? '' : setting.val}
        </output>
        {mode === 0 && (
          <label className={styles.switch} title={t('extract.clarityAutoHint')}>
            <input
              type="checkbox"
              role="switch"
              aria-checked={setting.auto}
              checked={setting.auto}
              onChange={(e) => setAutoClarity(e.target.checked)}
            />
            <span className={styles.track} aria-hidden="true" />
            <span>{t('extract.clarityAuto')}</span>
          </label>
        )}
      </div>

      <div className={styles.actions}>
        <label className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            aria-checked={checkered}
            checked={checkered}
            onChange={(e) => setCheckered(e.target.checked)}
          />
          <span className={styles.track} aria-hidden="true" />
          <span>{t('extract.transparent')}</span>
        </label>
        <a className={styles.download} href={url} download={`seal-${key}.png`}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M11 3h2v9.2l3.6-3.6 1.4 1.4-6 6-6-6 1.4-1.4 3.6 3.6V3zM4 19h16v2H4z"
            />
          </svg>
          {t('extract.download')}
        </a>
      </div>
    </section>
  );
}
