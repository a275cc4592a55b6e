import { type ComponentType, lazy } from 'react';
import MakeSealTab from './make/MakeSealTab';

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
  id: string;
  labelKey: `tabs.${string}`;
  Panel: ComponentType;
}[];

export type TabId = (typeof TABS)[number]['id'];
