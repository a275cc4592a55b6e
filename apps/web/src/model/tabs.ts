/**
 * The home page's tab ids, below the features: the store keeps the open tab, and features/tabs.ts
 * maps each id to its panel. Adding a tab is one id here and one entry in features/tabs.ts.
 */
export const TAB_IDS = ['make', 'sign', 'pdfsign', 'convert'] as const;

export type TabId = (typeof TAB_IDS)[number];

/** The DOM id of a tab's button in the tab strip (a link elsewhere moves the focus there). */
export const tabDomId = (id: TabId) => `tab-${id}`;
