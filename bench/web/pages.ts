/** Sections 1 and 2: the first page beside the stock viewer, and scrolling to page 1000. */
import type { Browser } from 'playwright-core';
import type { BenchTable } from '../lib/types';
import { choosePdf, loadedPages, openInViewer, openSignTab, scrollToEnd } from './app';
import {
  canvasesNow,
  collectGarbage,
  heapUsed,
  mb,
  median,
  ms,
  newTab,
  readSampler,
  rendererMemory,
  sinceChosen,
  startSampler,
} from './browser';
import type { Fixture } from './fixtures';

/** Canvases the column may hold at once (issue 8: "no more than about 15"). */
export const MAX_LIVE_CANVASES = 15;

export async function firstPage(
  browser: Browser,
  url: string,
  pdf: Fixture,
  runs: number,
): Promise<BenchTable> {
  const ours: number[] = [];
  const stock: number[] = [];
  // Alternated, so that whatever else the machine does falls on both alike.
  for (let run = 0; run < runs; run++) {
    {
      const tab = await newTab(browser);
      await openSignTab(tab.page, url);
      await choosePdf(tab.page, pdf.path);
      ours.push(await sinceChosen(tab.page, 'pdfsign:first-page'));
      await tab.close();
    }
    {
      const tab = await newTab(browser);
      await openInViewer(tab.page, url, pdf.path);
      stock.push(await sinceChosen(tab.page, 'pdfviewer:first-page'));
      await tab.close();
    }
  }
  const row = (name: string, t: number[]) => [
    name,
    ms(median(t)),
    ms(Math.min(...t)),
    ms(Math.max(...t)),
    t.map(ms).join(' '),
  ];
  return {
    title: `1. First page of a generated ${pdf.pages}-page PDF, ms from the file being picked (${runs} runs each, alternated)`,
    columns: ['viewer', 'median ms', 'min', 'max', 'runs'],
    rows: [
      row('PDF签章 tab (pdfjs-dist, our column)', ours),
      row('/pdf stock pdf.js viewer', stock),
      [
        'ratio of medians (ours / stock)',
        Math.round((median(ours) / median(stock)) * 100) / 100,
        '',
        '',
        '',
      ],
    ],
    warnings: [],
  };
}

export interface ScrollFigures {
  table: BenchTable;
  maxLive: number;
}

export async function scrollAll(
  browser: Browser,
  url: string,
  pdf: Fixture,
): Promise<ScrollFigures> {
  const tab = await newTab(browser);
  const { page, cdp } = tab;
  const rss = await rendererMemory(browser);
  await openSignTab(page, url);
  await choosePdf(page, pdf.path);
  await sinceChosen(page, 'pdfsign:first-page');
  await collectGarbage(cdp);
  const before = await heapUsed(cdp);
  const rssBefore = await rss();
  let peak = before;
  let rssPeak = rssBefore;
  await startSampler(page);
  const started = Date.now();
  const steps = await scrollToEnd(page, pdf.pages, async () => {
    peak = Math.max(peak, await heapUsed(cdp));
    rssPeak = Math.max(rssPeak, await rss());
  });
  const seconds = (Date.now() - started) / 1000;
  const sample = await readSampler(page, true);
  const end = await canvasesNow(page);
  const atEnd = await heapUsed(cdp);
  const rssEnd = await rss();
  rssPeak = Math.max(rssPeak, rssEnd);
  peak = Math.max(peak, atEnd);
  await collectGarbage(cdp);
  const afterGc = await heapUsed(cdp);
  const loaded = await loadedPages(page);
  await tab.close();
  const warnings =
    sample.maxLive > MAX_LIVE_CANVASES
      ? [`${sample.maxLive} canvases held pixels at once (bound: ${MAX_LIVE_CANVASES})`]
      : [];
  return {
    maxLive: Math.max(sample.maxLive, end.live),
    table: {
      title: `2. Scrolling the PDF签章 tab to page ${pdf.pages} (one view height per step, ${steps} steps, ${seconds.toFixed(1)} s)`,
      columns: ['figure', 'value'],
      rows: [
        ['pages loaded in the column at the end', loaded],
        ['max canvas elements in the column', sample.maxCanvases],
        ['max canvases holding pixels', sample.maxLive],
        ['max canvas pixels held, megapixels', Math.round(sample.maxPixels / 1e5) / 10],
        ['canvas elements at the end', end.all],
        ['canvases holding pixels at the end', end.live],
        ['JS heap before scrolling, MB (after GC)', mb(before)],
        ['JS heap peak while scrolling, MB', mb(peak)],
        ['JS heap at the end, MB', mb(atEnd)],
        ['JS heap at the end after GC, MB', mb(afterGc)],
        ['renderer memory (RSS) before scrolling, MB', mb(rssBefore)],
        ['renderer memory (RSS) peak while scrolling, MB', mb(rssPeak)],
        ['renderer memory (RSS) at the end, MB', mb(rssEnd)],
        ['long tasks while scrolling (count)', sample.longTasks],
        ['longest task while scrolling, ms', ms(sample.maxLongTask)],
      ],
      warnings,
    },
  };
}
