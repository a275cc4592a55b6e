/** Debian Chromium driven by playwright-core, and what the browser benchmark reads from a page. */
import { readFileSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Page,
} from 'playwright-core';

/** The same flags as the e2e tests (e2e/harness.ts). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** A laptop-sized window; every figure is taken at this size. */
export const VIEWPORT = { width: 1280, height: 800 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

/** A fresh context (no cache, no storage) with one page and a DevTools session on it. */
export async function newTab(browser: Browser): Promise<Tab> {
  const context = await browser.newContext({ acceptDownloads: true, viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { context, page, cdp, close: () => context.close() };
}

/** The page's JS heap in use (main thread), bytes. */
export async function heapUsed(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}

/** Resident memory of one process from /proc (Linux), bytes; 0 where it cannot be read. */
function residentBytes(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * Resident memory of Chromium's renderer processes together, bytes: the tab with its workers,
 * decoded images and canvases — what runs out when a tab "runs out of memory". The benchmark
 * keeps one tab open at a time.
 */
export async function rendererMemory(browser: Browser): Promise<() => Promise<number>> {
  const session = await browser.newBrowserCDPSession();
  return async () => {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { id: number; type: string }[];
    };
    return processInfo
      .filter((p) => p.type === 'renderer')
      .reduce((sum, p) => sum + residentBytes(p.id), 0);
  };
}

export async function collectGarbage(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage');
}

/**
 * Records, every animation frame, how many canvases the PDF签章 page column holds and how many of
 * them hold pixels, and the pixels they hold; every long task; whether a progress bar was ever
 * shown (a quick export shows one only for a moment); and when 编辑完成 was last clicked (the
 * click event's own time: when the input reached the page, before any wait for its main thread).
 * Read with `readSampler`.
 */
export async function startSampler(page: Page): Promise<void> {
  // A string: tsx would wrap named functions inside a passed function in a helper the page lacks.
  await page.evaluate(SAMPLER);
}

const SAMPLER = `(() => {
  const b = { maxCanvases: 0, maxLive: 0, maxPixels: 0, longTasks: 0, maxLongTask: 0, progress: false, clickedAt: 0, running: true };
  window.__bench = b;
  function tick() {
    if (!b.running) return;
    const canvases = [...document.querySelectorAll('[data-loaded] canvas')];
    const live = canvases.filter((c) => c.width > 0 && c.height > 0);
    b.maxCanvases = Math.max(b.maxCanvases, canvases.length);
    b.maxLive = Math.max(b.maxLive, live.length);
    b.maxPixels = Math.max(b.maxPixels, live.reduce((n, c) => n + c.width * c.height, 0));
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      b.longTasks += 1;
      b.maxLongTask = Math.max(b.maxLongTask, e.duration);
    }
  }).observe({ type: 'longtask' });
  new MutationObserver(() => {
    const bar = document.querySelector('progress');
    if (bar && bar.offsetParent !== null) b.progress = true;
  }).observe(document.body, { childList: true, subtree: true });
  document.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (button && button.textContent.trim() === '编辑完成') b.clickedAt = performance.timeOrigin + e.timeStamp;
  }, true);
})()`;

export interface Sample {
  maxCanvases: number;
  maxLive: number;
  maxPixels: number;
  longTasks: number;
  maxLongTask: number;
  /** A progress bar was shown at some point. */
  progress: boolean;
  /** Epoch ms of the last click on 编辑完成 (0: none). */
  clickedAt: number;
}

export async function readSampler(page: Page, stop = false): Promise<Sample> {
  return page.evaluate((stop) => {
    const b = (window as unknown as { __bench: Record<string, number | boolean> }).__bench;
    if (stop) b.running = false;
    return {
      maxCanvases: Number(b.maxCanvases),
      maxLive: Number(b.maxLive),
      maxPixels: Number(b.maxPixels),
      longTasks: Number(b.longTasks),
      maxLongTask: Number(b.maxLongTask),
      progress: b.progress === true,
      clickedAt: Number(b.clickedAt),
    };
  }, stop);
}

/** Canvases in the page column now: all, and those holding pixels. */
export async function canvasesNow(page: Page): Promise<{ all: number; live: number }> {
  return page.evaluate(() => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-loaded] canvas')];
    return { all: canvases.length, live: canvases.filter((c) => c.width > 0).length };
  });
}

/**
 * Marks `bench:chosen` when a file input changes (the moment the visitor picks the file); every
 * time in the table is measured from it, in the page's own performance timeline.
 */
export async function markFileChosen(page: Page): Promise<void> {
  await page.evaluate(() => {
    performance.clearMarks();
    document.addEventListener('change', () => performance.mark('bench:chosen'), {
      capture: true,
      once: true,
    });
  });
}

/** Milliseconds from `bench:chosen` to the first `mark` after it, waiting for the mark. */
export async function sinceChosen(page: Page, mark: string, timeoutMs = 120_000): Promise<number> {
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, {
    timeout: timeoutMs,
    polling: 50,
  });
  return page.evaluate((m) => {
    const [chosen] = performance.getEntriesByName('bench:chosen');
    const [done] = performance.getEntriesByName(m);
    return (done?.startTime ?? 0) - (chosen?.startTime ?? 0);
  }, mark);
}

/** MiB, one decimal (the tables say MB). */
export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
export const ms = (n: number) => Math.round(n);
export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}
