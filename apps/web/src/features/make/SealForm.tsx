import { DESIGN_LIMITS, LIMITS, SEAL_PRESETS, type SealPresetId } from '@yinzhang/seal';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SealInput, useSeal } from '../../store';
import AdvancedOptions from './designer/AdvancedOptions';
import PresetChooser from './designer/PresetChooser';
import { PRESET_TITLES, useDesign } from './designer/useDesign';
import styles from './SealForm.module.css';
import { useAutoMake } from './useAutoMake';

type Field = keyof SealInput;

const NOT_CODE = /[^0-9A-Za-z]/g;

/**
 * The seal style, the three inputs and 更多选项. The classic 42 mm seal is made on the server while
 * typing (debounced) and Enter draws it locally at once; any other design is drawn in the browser
 * (then registered with the server for its id), live as the name or an option changes.
 */
export default function SealForm() {
  const { t } = useTranslation();
  const id = useId();
  const makeSeal = useSeal((s) => s.makeSeal);
  const makeError = useSeal((s) => s.makeError);
  const abandonSeal = useSeal((s) => s.abandonSeal);
  const designState = useDesign();
  const { design, classic } = designState;
  const [form, setForm] = useState<SealInput>({ name: '', title: '', code: '' });
  // What the debounce watches: the form minus text still being composed in an input method,
  // so pinyin letters on their way to becoming 北京 are never sent as a seal name.
  const [settled, setSettled] = useState<SealInput>(form);

  const square = design.shape === 'square';
  const oval = design.shape === 'oval';
  const make = (input: SealInput) =>
    classic ? makeSeal('server', input) : makeSeal('local', input, design);
  const cancelAutoMake = useAutoMake(
    settled,
    (input) => void make(input),
    abandonSeal,
    designState.key,
    square ? DESIGN_LIMITS.personalNameMin : LIMITS.nameMinToGenerate,
  );

  const nameField = square
    ? ({
        field: 'name',
        label: 'designer.personalName',
        placeholder: 'designer.personalNamePlaceholder',
        max: DESIGN_LIMITS.personalNameMax,
      } as const)
    : ({
        field: 'name',
        label: 'make.name',
        placeholder: 'make.namePlaceholder',
        max: LIMITS.nameMax,
      } as const);
  const titleField = {
    field: 'title',
    label: 'make.title',
    placeholder: 'make.titlePlaceholder',
    max: LIMITS.titleMax,
  } as const;
  const codeField = oval
    ? ({
        field: 'code',
        label: 'designer.taxNumber',
        placeholder: 'designer.taxNumberPlaceholder',
        max: DESIGN_LIMITS.taxNumberMax,
      } as const)
    : ({
        field: 'code',
        label: 'make.code',
        placeholder: 'make.codePlaceholder',
        max: LIMITS.codeMax,
      } as const);
  const fields = square ? [nameField] : [nameField, titleField, codeField];

  function update(field: Field, raw: string, composing: boolean) {
    const value = field === 'code' ? raw.replace(NOT_CODE, '') : raw;
    const next = { ...form, [field]: value };
    setForm(next);
    if (!composing) setSettled(next);
  }

  function choosePreset(preset: SealPresetId) {
    designState.choosePreset(preset);
    const p = SEAL_PRESETS[preset];
    const next = { ...form };
    // The preset's words replace another preset's, never the visitor's own.
    if (!next.title || PRESET_TITLES.has(next.title)) next.title = p.title;
    if (p.shape === 'square') {
      next.name = Array.from(next.name).slice(0, DESIGN_LIMITS.personalNameMax).join('');
    }
    if (p.shape !== 'oval') {
      next.code = next.code.slice(0, LIMITS.codeMax);
    }
    setForm(next);
    setSettled(next);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // keyCode 229: Safari reports the Enter that confirms an IME candidate this way.
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    cancelAutoMake();
    void (classic ? makeSeal('local', form) : makeSeal('local', form, design));
  }

  const errorId = `${id}-error`;
  const errorText =
    makeError?.reason === 'nameRequired'
      ? t('make.nameRequired')
      : makeError?.reason === 'notText'
        ? t('make.notText', { field: t(`make.${makeError.field}`) })
        : makeError?.reason === 'failed'
          ? t(makeError.status === 400 ? 'make.invalid' : 'make.failed')
          : '';

  return (
    <div className={styles.form}>
      <PresetChooser value={designState.preset} onChange={choosePreset} />
      {fields.map(({ field, label, placeholder, max }) => (
        <div key={field} className={styles.field}>
          <label htmlFor={`${id}-${field}`} className={styles.label}>
            {t(label)}
          </label>
          <input
            id={`${id}-${field}`}
            className={styles.input}
            type="text"
            maxLength={max}
            placeholder={t(placeholder)}
            value={form[field]}
            autoComplete={field === 'name' && !square ? 'organization' : 'off'}
            spellCheck={false}
            autoCapitalize={field === 'code' ? 'characters' : undefined}
            aria-invalid={
              field === 'name' && makeError?.reason === 'nameRequired' ? true : undefined
            }
            aria-describedby={field === 'name' && errorText ? errorId : undefined}
            onChange={(e) =>
              update(field, e.target.value, (e.nativeEvent as InputEvent).isComposing === true)
            }
            onCompositionEnd={(e) => update(field, e.currentTarget.value, false)}
            onKeyDown={onKeyDown}
          />
          <span className={styles.count} aria-hidden="true">
            {Array.from(form[field]).length}/{max}
          </span>
        </div>
      ))}
      <AdvancedOptions design={design} onChange={designState.change} onReset={designState.reset} />
      <p className={styles.hint}>
        {classic ? t('make.hint') : t('designer.designHint')}
        {square && ` ${t('designer.personalHint')}`}
      </p>
      {errorText && (
        <p id={errorId} role="alert" className={styles.error}>
          {errorText}
        </p>
      )}
    </div>
  );
}
