import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './Modal.module.css';

interface Props {
  title: string;
  /** Label of the × button. */
  closeLabel: string;
  onClose(): void;
  /** Keys the dialog handles itself (undo, redo...), after Escape and Tab. */
  onKeyDown?(e: KeyboardEvent): void;
  children: ReactNode;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab cycling through the dialog's controls. */
function trapTab(e: KeyboardEvent, dialog: HTMLElement | null): void {
  const items = [...(dialog?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  const outside = !dialog?.contains(active);
  if (e.shiftKey && (outside || active === first || active === dialog)) {
    e.preventDefault();
    last?.focus();
  } else if (!e.shiftKey && (outside || active === last)) {
    e.preventDefault();
    first?.focus();
  }
}

/**
 * A modal dialog: labelled by its title, Escape and × close it, Tab stays inside, the page behind
 * is inert, and focus goes back where it was on close.
 */
export default function Modal({ title, closeLabel, onClose, onKeyDown, children }: Props) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  // The latest handlers, for the one document listener below.
  const handlers = useRef({ onClose, onKeyDown });
  handlers.current = { onClose, onKeyDown };

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    dialogRef.current?.focus();
    // On the document, not the dialog: a button that just became disabled (重做 after the last
    // redo) drops the focus to <body>, and the keys must still work.
    const keyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        handlers.current.onClose();
      } else if (e.key === 'Tab') {
        trapTab(e, dialogRef.current);
      } else {
        handlers.current.onKeyDown?.(e);
      }
    };
    document.addEventListener('keydown', keyDown);
    return () => {
      document.removeEventListener('keydown', keyDown);
      root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, []);

  return createPortal(
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        className={styles.dialog}
      >
        <div className={styles.head}>
          <h2 id={`${id}-title`} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7l-1.4-1.4L9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z"
              />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
