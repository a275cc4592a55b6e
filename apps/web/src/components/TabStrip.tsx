import { type KeyboardEvent, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TABS, type TabId } from '../features/tabs';
import { tabDomId } from '../model/tabs';
import { useSeal } from '../store';
import styles from './TabStrip.module.css';

const panelDomId = (id: TabId) => `panel-${id}`;

/**
 * ARIA tabs with automatic activation: arrows, Home and End move between tabs.
 * A panel mounts when first opened (so lazy tabs load then) and stays mounted, keeping its state.
 */
export default function TabStrip() {
  const { t } = useTranslation();
  const active = useSeal((s) => s.activeTab);
  const setActiveTab = useSeal((s) => s.setActiveTab);
  const [opened, setOpened] = useState<ReadonlySet<TabId>>(() => new Set([active]));
  const tabRefs = useRef(new Map<TabId, HTMLButtonElement>());

  if (!opened.has(active)) setOpened(new Set(opened).add(active));

  function select(id: TabId, focus = false) {
    setActiveTab(id);
    if (focus) tabRefs.current.get(id)?.focus();
  }

  function onKeyDown(e: KeyboardEvent) {
    const index = TABS.findIndex((tab) => tab.id === active);
    const last = TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = TABS[next[e.key] ?? -1];
    if (!target) return;
    e.preventDefault();
    select(target.id, true);
  }

  return (
    <div className={styles.root}>
      <div
        role="tablist"
        aria-label={t('tabs.label')}
        className={styles.list}
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.id, el);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabDomId(tab.id)}
              aria-selected={selected}
              aria-controls={panelDomId(tab.id)}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(tab.id)}
            >
              {t(tab.labelKey)}
            </button>
          );
        })}
      </div>
      {TABS.map(({ id, Panel }) =>
        opened.has(id) ? (
          <div
            key={id}
            role="tabpanel"
            id={panelDomId(id)}
            aria-labelledby={tabDomId(id)}
            hidden={id !== active}
            className={styles.panel}
          >
            <Suspense fallback={<p className={styles.loading}>…</p>}>
              <Panel />
            </Suspense>
          </div>
        ) : null,
      )}
    </div>
  );
}
