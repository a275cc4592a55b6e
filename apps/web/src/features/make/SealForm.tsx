import { LIMITS } from '@yinzhang/seal';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SealInput, useSeal } from '../../store';
import styles from './SealForm.module.css';
import { useAutoMake } from './useAutoMake';

type Field = keyof SealInput;

const FIELDS = [
  { field: 'name', label: 'make.name', placeholder: 'make.namePlaceholder', max: LIMITS.nameMax },
  {
    field: 'title',
    label: 'make.title',
    placeholder: 'make.titlePlaceholder',
    max: LIMITS.titleMax,
  },
  { field: 'code', label: 'make.code', placeholder: 'make.codePlaceholder', max: LIMITS.codeMax },
] as const satisfies readonly { field: Field; label: string; placeholder: string; max: number }[];

const NOT_CODE = /[^0-9A-Za-z]/g;

/** The three inputs. Typing makes the seal on the server (debounced); Enter draws it locally at once. */
export default function SealForm() {
  const { t } = useTranslation();
  const id = useId();
  const makeSeal = useSeal((s) => s.makeSeal);
  const makeError = useSeal((s) => s.makeError);
  const abandonSeal = useSeal((s) => s.abandonSeal);
  const [form, setForm] = useState<SealInput>({ name: '', title: '', code: '' });
  // What the debounce watches: the form minus text still being composed in an input method,
  // so pinyin letters on their way to becoming 北京 are never sent as a seal name.
  const [settled, setSettled] = useState<SealInput>(form);
  const cancelAutoMake = useAutoMake(
    settled,
    (input) => void makeSeal('server', input),
    abandonSeal,
  );

  function update(field: Field, raw: string, composing: boolean) {
    const value = field === 'code' ? raw.replace(NOT_CODE, '') : raw;
    const next = { ...form, [field]: value };
    setForm(next);
    if (!composing) setSettled(next);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // keyCode 229: Safari reports the Enter that confirms an IME candidate this way.
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    cancelAutoMake();
    void makeSeal('local', form);
  }

  const errorId = `${id}-error`;
  const errorText =
    makeError?.reason === 'nameRequired'
      ? t('make.nameRequired')
      : makeError?.reason === 'failed'
        ? t('make.failed', { message: makeError.message })
        : '';

  return (
    <div className={styles.form}>
      {FIELDS.map(({ field, label, placeholder, max }) => (
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
            autoComplete={field === 'name' ? 'organization' : 'off'}
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
      <p className={styles.hint}>{t('make.hint')}</p>
      {errorText && (
        <p id={errorId} role="alert" className={styles.error}>
          {errorText}
        </p>
      )}
    </div>
  );
}
