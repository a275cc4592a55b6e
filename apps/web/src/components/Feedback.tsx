import { hasNoControlCharsButLineBreaks, LIMITS } from '@yinzhang/seal';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendReport } from '../api/site';
import styles from './Feedback.module.css';

type SendState = 'idle' | 'sending' | 'sent' | 'failed' | 'notText';

/** Floating feedback box (SPEC §2): a short text, trimmed, never sent empty. */
export default function Feedback() {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [state, setState] = useState<SendState>('idle');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();

  useEffect(() => {
    if (open) textRef.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      close();
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!trimmed || state === 'sending') return;
    // The server's text rule (issue 20), said before sending: its 400 would say the same.
    if (!hasNoControlCharsButLineBreaks(trimmed)) {
      setState('notText');
      return;
    }
    setState('sending');
    try {
      await sendReport(trimmed);
      setText('');
      setState('sent');
    } catch {
      setState('failed');
    }
  }

  return (
    <aside className={styles.root} aria-label={t('feedback.toggle')} onKeyDown={onKeyDown}>
      {open && (
        <form id={panelId} className={styles.panel} onSubmit={onSubmit}>
          <textarea
            ref={textRef}
            className={styles.text}
            rows={3}
            maxLength={LIMITS.feedbackMax}
            placeholder={t('feedback.placeholder')}
            aria-label={t('feedback.label')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (state === 'sent' || state === 'failed' || state === 'notText') setState('idle');
            }}
          />
          <div className={styles.row}>
            <span className={styles.count} aria-hidden="true">
              {Array.from(text).length}/{LIMITS.feedbackMax}
            </span>
            <button
              type="submit"
              className={styles.send}
              disabled={!trimmed || state === 'sending'}
            >
              {t('feedback.send')}
            </button>
          </div>
          <p role="status" className={styles.thanks}>
            {state === 'sent' ? t('feedback.thanks') : ''}
          </p>
          {state === 'failed' && (
            <p role="alert" className={styles.error}>
              {t('feedback.failed')}
            </p>
          )}
          {state === 'notText' && (
            <p role="alert" className={styles.error}>
              {t('feedback.notText')}
            </p>
          )}
        </form>
      )}
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm1 5v2h14V8H5zm0 4v2h9v-2H5z"
          />
        </svg>
        <span className={styles.toggleText}>{t('feedback.toggle')}</span>
      </button>
    </aside>
  );
}
