import { type ComponentType, lazy } from 'react';
import type { TabId } from '../model/tabs';
import MakeSealTab from './make/MakeSealTab';

export type { TabId } from '../model/tabs';

/**
 * The home page's tabs, in order. Adding a tab is one entry here (and its label in src/i18n).
 * Heavy tabs load on first open: `Panel: lazy(() => import('./pdf-sign/PdfSignTab'))`.
 */
export const TABS = [
  { id: 'make', labelKey: 'tabs.make', Panel: MakeSealTab },
  { id: 'sign', labelKey: 'tabs.sign', Panel: lazy(() => import('./sign/ImageSignTab')) },
  { id: 'pdfsign', labelKey: 'tabs.pdfsign', Panel: lazy(() => import('./pdfsign/PdfSignTab')) },
  { id: 'convert', labelKey: 'tabs.convert', Panel: lazy(() => import('./convert/ConvertTab')) },
] as const satisfies readonly {
  id: TabId;
  labelKey: `tabs.${string}`;
  Panel: ComponentType;
}[];

// Every id in model/tabs.ts has a panel: this stops compiling (naming the id) when one is missing.
type WithoutPanel = Exclude<TabId, (typeof TABS)[number]['id']>;
const everyTabHasAPanel: [WithoutPanel] extends [never] ? true : WithoutPanel = true;
void everyTabHasAPanel;
