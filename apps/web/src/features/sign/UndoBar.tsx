import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabId } from '../../model/tabs';
import { sealStore } from '../../store';
import styles from './UndoBar.module.css';

interface Props {
  /** The tab whose keys these are: tabs stay mounted, so only the open one listens. */
  tab: TabId;
  canUndo: boolean;
  canRedo: boolean;
  canClear: boolean;
  onUndo(): void;
  onRedo(): void;
  onClear(): void;
}

/** Where Ctrl+Z is the text field's own undo, or the signature pad's. */
function ownsUndo(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[role="dialog"], dialog')) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return target.matches(
    'input:not([type="button"]):not([type="checkbox"]):not([type="radio"]), textarea, select',
  );
}

/**
 * 撤销 / 重做 / 全部清除 for the placements of a signing screen (issue 18, item 3), with
 * Ctrl+Z (⌘Z), Ctrl+Shift+Z and Ctrl+Y while the screen's tab is open.
 */
export default function UndoBar(props: Props) {
  const { t } = useTranslation();
  const { tab, onUndo, onRedo } = props;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      if (sealStore.getState().activeTab !== tab || ownsUndo(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) onUndo();
      else if ((key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey)) onRedo();
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [tab, onUndo, onRedo]);

  return (
    <div className={styles.bar} role="toolbar" aria-label={t('sign.history')}>
      <button
        type="button"
        className={styles.button}
        onClick={props.onUndo}
        disabled={!props.canUndo}
        aria-keyshortcuts="Control+Z"
        title={t('sign.undoTitle')}
      >
        {t('sign.undo')}
      </button>
      <button
        type="button"
        className={styles.button}
        onClick={props.onRedo}
        disabled={!props.canRedo}
        aria-keyshortcuts="Control+Shift+Z Control+Y"
        title={t('sign.redoTitle')}
      >
        {t('sign.redo')}
      </button>
      <button
        type="button"
        className={styles.button}
        onClick={props.onClear}
        disabled={!props.canClear}
      >
        {t('sign.clearAll')}
      </button>
    </div>
  );
}
