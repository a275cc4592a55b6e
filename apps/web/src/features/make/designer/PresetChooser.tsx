import { SEAL_PRESET_IDS, type SealPresetId } from '@yinzhang/seal';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Designer.module.css';

/** 印章样式: one radio per preset (公章, 合同专用章, 财务专用章, 发票专用章, 名章). Arrow keys move. */
export default function PresetChooser({
  value,
  onChange,
}: {
  value: SealPresetId;
  onChange: (preset: SealPresetId) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={styles.presets}>
      <legend className={styles.legend}>{t('designer.presets')}</legend>
      {SEAL_PRESET_IDS.map((preset) => (
        <label key={preset} className={styles.preset} data-checked={preset === value}>
          <input
            type="radio"
            name={`${id}-preset`}
            value={preset}
            checked={preset === value}
            onChange={() => onChange(preset)}
          />
          <span>{t(`designer.preset.${preset}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
