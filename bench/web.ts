/**
 * `npm run bench:web`: large documents and speed in Chromium (issue 8). Builds the web app if
 * needed (or uses WEB_DIST as built), serves it, and prints one table per section. Times are
 * figures to compare, never a pass mark; the exit code is non-zero only when a bound that is not a
 * time is broken (canvases held, home bundle size, PDF libraries on home, no progress bar).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer } from './lib/server';
import { renderTable } from './lib/table';
import type { BenchTable } from './lib/types';
import { CHROME_PATH, launchBrowser } from './web/browser';
import { scannedPdf, textPages, writeFixture } from './web/fixtures';
import { HOME_BUDGET_KB, home } from './web/home';
import { firstPage, MAX_LIVE_CANVASES, scrollAll } from './web/pages';
import { batchAll, scanEndToEnd } from './web/stamping';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECTIONS = ['first', 'scroll', 'batch', 'scan', 'home'] as const;
type Section = (typeof SECTIONS)[number];

const USAGE = `npm run bench:web [-- options]
  --only <name>     run one section (${SECTIONS.join(', ')}); repeatable
  --runs <n>        runs of the first-page comparison (default 5)
  --batch-runs <n>  fresh tabs of the 批量签章 section, each beside the CLI (default 3)
  --pages <n>       pages of the generated text PDF (default 1000)
  --scan-mb <n>     size of the generated scan, MB of 10^6 bytes (default 100; the tab takes
                    files up to 100 MiB)
environment: WEB_DIST=<dir> serves that build as is (no build); CHROME_PATH=<chromium>`;

/** The build to serve: WEB_DIST as given, else apps/web/dist, built when older than its sources. */
function webDist(): string {
  const given = process.env.WEB_DIST;
  if (given) {
    if (!existsSync(path.join(given, 'index.html'))) throw new Error(`no index.html in ${given}`);
    return path.resolve(given);
  }
  const build = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', 'import("./scripts/lib.mjs").then((m) => m.buildWebIfNeeded())'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('the web build failed');
  return path.join(root, 'apps/web/dist');
}

function machine(browserVersion: string): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const ram = Math.round(os.totalmem() / 2 ** 30);
  let load = '';
  try {
    load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  }
  return `${cpu}, ${os.cpus().length} cores, ${ram} GB RAM; Chromium ${browserVersion}; node ${process.version}; load average ${load}; ${new Date().toISOString()}`;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      runs: { type: 'string', default: '5' },
      'batch-runs': { type: 'string', default: '3' },
      pages: { type: 'string', default: '1000' },
      'scan-mb': { type: 'string', default: '100' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const only = (values.only ?? [...SECTIONS]) as Section[];
  for (const s of only) if (!SECTIONS.includes(s)) throw new Error(`no section ${s}\n${USAGE}`);
  const runs = Number(values.runs);
  const pages = Number(values.pages);
  const scanBytes = Number(values['scan-mb']) * 1e6;
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);

  const dist = webDist();
  const run = (s: Section) => only.includes(s);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yinzhang-bench-web-'));
  const text =
    run('first') || run('scroll') || run('batch')
      ? writeFixture(dir, 'contract.pdf', await textPages(pages, 'Contract'), pages)
      : null;
  let scan = null;
  if (run('scan')) {
    const made = await scannedPdf(scanBytes);
    scan = writeFixture(dir, 'scan.pdf', made.bytes, made.pages);
  }
  // The server reads WEB_DIST from the environment it inherits.
  process.env.WEB_DIST = dist;
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const failures: string[] = [];
  const print = (table: BenchTable) => console.log(`\n${renderTable(table)}`);
  try {
    console.log(machine(browser.version()));
    console.log(`serving ${dist}`);
    if (text && run('first')) print(await firstPage(browser, server.url, text, runs));
    if (text && run('scroll')) {
      const r = await scrollAll(browser, server.url, text);
      print(r.table);
      if (r.maxLive > MAX_LIVE_CANVASES) failures.push('too many live canvases while scrolling');
    }
    if (text && run('batch')) {
      const r = await batchAll(browser, server.url, text, Number(values['batch-runs']));
      print(r.table);
      if (!r.progressSeen) failures.push('no progress bar during the batch export');
    }
    if (scan && run('scan')) {
      const r = await scanEndToEnd(browser, server.url, scan);
      print(r.table);
      if (!r.progressSeen) failures.push('no progress bar during the scan export');
    }
    if (run('home')) {
      const r = await home(browser, server.url, dist);
      print(r.table);
      if (r.homeKb > HOME_BUDGET_KB) failures.push(`home bundle over ${HOME_BUDGET_KB} KB gzipped`);
      if (r.pdfOnHome) failures.push('a PDF library loads on the home page');
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  for (const f of failures) console.error(`FAILED: ${f}`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
