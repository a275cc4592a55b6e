import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type Box, dragReducer, IDLE, keyTarget, pendingMove } from './drag';
import styles from './SortableList.module.css';
import '../../../i18n/convert';

interface Props<T extends { id: string }> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  layout: 'rows' | 'grid';
  disabled?: boolean;
  nameOf(item: T): string;
  onMove(from: number, to: number): void;
  onRemove(item: T): void;
  children(item: T, index: number): ReactNode;
}

const MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * An ordered list the visitor rearranges: drag an item by its handle (mouse, pen or touch), or
 * focus the handle and use the arrow keys, or press an item's up and down buttons.
 */
export default function SortableList<T extends { id: string }>(props: Props<T>) {
  const { items, label, layout, disabled, nameOf, onMove, onRemove, children } = props;
  const { t } = useTranslation();
  const hintId = useId();
  const [drag, dispatch] = useReducer(dragReducer, IDLE);
  const [announcement, setAnnouncement] = useState('');
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const handleRefs = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);

  // Moving a node in the DOM can take focus away from it: give it back after a keyboard move.
  useLayoutEffect(() => {
    const id = refocus.current;
    refocus.current = null;
    if (id) handleRefs.current.get(id)?.focus();
  });

  function move(from: number, to: number, focus: boolean) {
    const item = items[from];
    if (!item || disabled) return;
    if (focus) refocus.current = item.id;
    onMove(from, to);
    setAnnouncement(
      t('sortable.moved', { name: nameOf(item), position: to + 1, count: items.length }),
    );
  }

  function onPointerDown(e: PointerEvent<HTMLButtonElement>, index: number) {
    if (disabled || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const boxes: Box[] = items.map((item) => {
      const r = itemRefs.current.get(item.id)?.getBoundingClientRect();
      return r
        ? { left: r.left, top: r.top, width: r.width, height: r.height }
        : { left: 0, top: 0, width: 0, height: 0 };
    });
    dispatch({
      type: 'grab',
      index,
      pointerId: e.pointerId,
      at: { x: e.clientX, y: e.clientY },
      boxes,
    });
  }

  function onPointerUp(e: PointerEvent<HTMLButtonElement>) {
    const change = pendingMove(drag);
    dispatch({ type: 'drop', pointerId: e.pointerId });
    if (change) move(change.from, change.to, false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (!MOVE_KEYS.has(e.key)) return;
    e.preventDefault();
    const to = keyTarget(e.key, index, items.length);
    if (to !== null) move(index, to, true);
  }

  const dragging = drag.phase === 'dragging' ? drag : null;
  return (
    <>
      <p id={hintId} className={styles.hidden}>
        {t('sortable.handleHint')}
      </p>
      <ol aria-label={label} className={`${styles.list} ${styles[layout]}`}>
        {items.map((item, index) => {
          const name = nameOf(item);
          const isDragged = dragging?.from === index;
          const drop =
            dragging && dragging.over === index && !isDragged
              ? dragging.from < index
                ? 'after'
                : 'before'
              : undefined;
          return (
            <li
              key={item.id}
              ref={(el) => {
                if (el) itemRefs.current.set(item.id, el);
                else itemRefs.current.delete(item.id);
              }}
              className={styles.item}
              data-dragging={isDragged || undefined}
              data-drop={drop}
              style={
                isDragged
                  ? { transform: `translate(${dragging.offset.x}px, ${dragging.offset.y}px)` }
                  : undefined
              }
            >
              <button
                ref={(el) => {
                  if (el) handleRefs.current.set(item.id, el);
                  else handleRefs.current.delete(item.id);
                }}
                type="button"
                className={styles.handle}
                aria-label={t('sortable.handle', { name })}
                aria-describedby={hintId}
                disabled={disabled}
                onPointerDown={(e) => onPointerDown(e, index)}
                onPointerMove={(e) =>
                  dispatch({
                    type: 'move',
                    pointerId: e.pointerId,
                    at: { x: e.clientX, y: e.clientY },
                  })
                }
                onPointerUp={onPointerUp}
                onPointerCancel={() => dispatch({ type: 'cancel' })}
                onKeyDown={(e) => onKeyDown(e, index)}
              >
                <svg
                  width="16"
                  height="16"
                  viewBox="0 0 16 16"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    fill="currentColor"
                    d="M5 3h2v2H5zm4 0h2v2H9zM5 7h2v2H5zm4 0h2v2H9zm-4 4h2v2H5zm4 0h2v2H9z"
                  />
                </svg>
              </button>
              <div className={styles.content}>{children(item, index)}</div>
              <div className={styles.controls}>
                <button
                  type="button"
                  className={styles.control}
                  aria-label={t('sortable.up', { name })}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, index - 1, false)}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className={styles.control}
                  aria-label={t('sortable.down', { name })}
                  disabled={disabled || index === items.length - 1}
                  onClick={() => move(index, index + 1, false)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  className={`${styles.control} ${styles.remove}`}
                  aria-label={t('sortable.remove', { name })}
                  disabled={disabled}
                  onClick={() => onRemove(item)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <p role="status" className={styles.hidden}>
        {announcement}
      </p>
    </>
  );
}
