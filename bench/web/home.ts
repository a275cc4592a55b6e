/** Section 5: what the home page loads before any lazy tab opens, and its paint times. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { BenchTable } from '../lib/types';
import { ms, newTab } from './browser';

/** Issue 8: JS and CSS before any lazy tab opens, gzipped. */
export const HOME_BUDGET_KB = 200;

/** Text only one library's build holds: pdf.js (its display layer) and our PDF engine (@libpdf/core). */
const MARKERS = {
  'pdf.js': 'PDFWorker',
  'PDF engine': 'Document has no catalog (missing /Root in trailer)',
} as const;
type Library = keyof typeof MARKERS;

interface Asset {
  url: string;
  file: string;
  gzip: number;
  libraries: Library[];
}

/** Every same-origin script and stylesheet the page requests from now on (workers included). */
function recordAssets(page: Page, dist: string): Asset[] {
  const assets: Asset[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/\.(m?js|css)$/.test(url.pathname)) return;
    const file = path.join(dist, decodeURIComponent(url.pathname));
    if (!existsSync(file)) return;
    const text = readFileSync(file);
    assets.push({
      url: url.pathname,
      file,
      gzip: gzipSync(text, { level: 9 }).length,
      libraries: (Object.keys(MARKERS) as Library[]).filter((l) => text.includes(MARKERS[l])),
    });
  });
  return assets;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const sum = (assets: readonly Asset[]) => assets.reduce((n, a) => n + a.gzip, 0);
const libs = (assets: readonly Asset[]) =>
  [...new Set(assets.flatMap((a) => a.libraries))].join(', ') || 'none';

export interface HomeFigures {
  table: BenchTable;
  homeKb: number;
  pdfOnHome: boolean;
}

export async function home(browser: Browser, url: string, dist: string): Promise<HomeFigures> {
  const tab = await newTab(browser);
  const { page } = tab;
  const assets = recordAssets(page, dist);
  // Idle for 500 ms after the load: everything home loads by itself has loaded.
  await page.goto(url, { waitUntil: 'networkidle' });
  const paints = await page.evaluate(async () => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        resolve(list.getEntries().at(-1)?.startTime ?? -1);
      }).observe({ type: 'largest-contentful-paint' as PageEntryType, buffered: true });
      setTimeout(() => resolve(-1), 2000);
    });
    const [nav] = performance.getEntriesByType('navigation' as PageEntryType) as unknown as {
      loadEventEnd: number;
    }[];
    return { fcp, lcp, load: nav?.loadEventEnd ?? -1 };
  });
  const onHome = [...assets];
  await page.getByRole('tab', { name: 'PDF签章' }).click();
  await page.getByLabel('选择PDF').waitFor({ state: 'attached' });
  // The tab starts pdf.js's worker once pdf.js has loaded: give that a moment to be asked for.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const onTab = assets.slice(onHome.length);
  await tab.close();

  const js = onHome.filter((a) => /\.m?js$/.test(a.url));
  const css = onHome.filter((a) => a.url.endsWith('.css'));
  const homeKb = kb(sum(onHome));
  const pdfOnHome = onHome.some((a) => a.libraries.length > 0);
  const warnings: string[] = [];
  if (homeKb > HOME_BUDGET_KB)
    warnings.push(`home loads ${homeKb} KB gzipped (budget ${HOME_BUDGET_KB})`);
  if (pdfOnHome) warnings.push(`home loads ${libs(onHome)}`);
  return {
    homeKb,
    pdfOnHome,
    table: {
      title: '5. Home page before any lazy tab opens (sizes: the built files, gzip -9)',
      columns: ['figure', 'value'],
      rows: [
        [`JS files (${js.length}), KB gzipped`, kb(sum(js))],
        [`CSS files (${css.length}), KB gzipped`, kb(sum(css))],
        [`JS + CSS, KB gzipped (budget ${HOME_BUDGET_KB})`, homeKb],
        ['largest file on home', [...onHome].sort((a, b) => b.gzip - a.gzip)[0]?.url ?? ''],
        ['PDF libraries loaded on home', libs(onHome)],
        ['opening the PDF签章 tab loads, KB gzipped', kb(sum(onTab))],
        ['PDF libraries loaded by opening the tab', libs(onTab)],
        ['first contentful paint, ms', ms(paints.fcp)],
        ['largest contentful paint, ms', ms(paints.lcp)],
        ['load event, ms', ms(paints.load)],
      ],
      warnings,
    },
  };
}
