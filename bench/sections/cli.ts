/**
 * The command line as a user runs it: whole processes (start-up, loading, work, exit), side by side
 * with qpdf doing the same job in the same run, and `--help` beside a bare `node -e 0`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Placement, stampPdf } from '@yinzhang/pdf';
import type { PageFraction } from '@yinzhang/seal/placement';
import type { BenchSection, Cell } from '../lib/types';
import { blankPage, textPages, withBookmarks } from './pdf-fixtures';

const BIN = fileURLToPath(new URL('../../packages/cli/bin/yinzhang.mjs', import.meta.url));
const PAGES = 1000;
const MERGE_FILES = 10;
const MERGE_PAGES = 100;
const RUNS = 5;
/** Targets of the command-line issue: PDF work within 1.5x of qpdf, --help within 100 ms of node. */
const MAX_RATIO = 1.5;
const MAX_HELP_EXTRA_MS = 100;

/** Median wall time of a whole process over `RUNS` runs after one warm-up, in ms. */
function timedProcess(command: string, args: readonly string[], cwd: string): number {
  const once = () => {
    const start = performance.now();
    const run = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = performance.now() - start;
    if (run.status !== 0) {
      throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr.toString().trim()}`);
    }
    return ms;
  };
  once();
  const times = Array.from({ length: RUNS }, once).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

function hasQpdf(): boolean {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const f = (n: number) => n as PageFraction;

export const cliSection: BenchSection = {
  name: 'cli',
  description: `whole processes: yinzhang stamp --every-page on ${PAGES} pages, merge ${MERGE_FILES} x ${MERGE_PAGES} pages, --help; qpdf and node -e 0 beside them`,
  async run() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'yinzhang-bench-cli-'));
    const file = (name: string) => path.join(dir, name);
    const node = process.execPath;
    const yinzhang = (...args: string[]) => timedProcess(node, [BIN, ...args], dir);
    const warnings: string[] = [];
    const rows: Cell[][] = [];
    try {
      writeFileSync(file('in.pdf'), await textPages(PAGES, 'Stamp'));
      const parts: string[] = [];
      for (let i = 0; i < MERGE_FILES; i++) {
        writeFileSync(file(`part${i}.pdf`), await withBookmarks(MERGE_PAGES, `Part ${i + 1}`));
        parts.push(`part${i}.pdf`);
      }
      // The seal comes from the command line itself; this also builds the bundle if it is stale,
      // so no timed run pays for a build.
      execFileSync(node, [BIN, 'seal', '--name', '北京某某科技有限公司', '-q', '-o', 'seal.png'], {
        cwd: dir,
      });
      const qpdf = hasQpdf();
      if (!qpdf)
        warnings.push('qpdf not found: install it (apt-get install qpdf) for the reference');
      const row = (work: string, ours: number, reference: string, ref: number | undefined) => {
        const ratio = ref === undefined ? '' : round(ours / ref, 2);
        rows.push([work, round(ours), reference, ref === undefined ? '' : round(ref), ratio]);
        if (ref !== undefined && ours > MAX_RATIO * ref)
          warnings.push(`${work} is over ${MAX_RATIO}x ${reference}`);
      };

      const stampMs = yinzhang(
        'stamp',
        'in.pdf',
        '--image',
        'seal.png',
        '--every-page',
        '--x',
        '0.6',
        '--y',
        '0.7',
        '--width',
        '42mm',
        '-q',
        '-o',
        'out.pdf',
      );
      let qpdfStampMs: number | undefined;
      if (qpdf) {
        // qpdf overlays a one-page PDF holding the same seal at the same place on every page.
        const placement: Placement = {
          page: 0,
          image: 'seal',
          x: f(0.6),
          y: f(0.7),
          width: f(119.06 / 595.28),
          height: f(119.06 / 841.89),
          rotate: 0,
        };
        const seal = new Uint8Array(readFileSync(file('seal.png')));
        writeFileSync(
          file('overlay.pdf'),
          await stampPdf(await blankPage(), { images: { seal }, placements: [placement] }),
        );
        qpdfStampMs = timedProcess(
          'qpdf',
          ['in.pdf', '--overlay', 'overlay.pdf', '--repeat=1', '--', 'q.pdf'],
          dir,
        );
      }
      row(`stamp --every-page, ${PAGES} pages`, stampMs, 'qpdf --overlay', qpdfStampMs);

      const mergeMs = yinzhang('merge', ...parts, '-q', '-o', 'merged.pdf');
      const qpdfMergeMs = qpdf
        ? timedProcess('qpdf', ['--empty', '--pages', ...parts, '--', 'qm.pdf'], dir)
        : undefined;
      row(
        `merge ${MERGE_FILES} x ${MERGE_PAGES} pages`,
        mergeMs,
        'qpdf --empty --pages',
        qpdfMergeMs,
      );

      const helpMs = yinzhang('--help');
      const nodeMs = timedProcess(node, ['-e', '0'], dir);
      rows.push([
        '--help',
        round(helpMs),
        'node -e 0',
        round(nodeMs),
        `+${round(helpMs - nodeMs)} ms`,
      ]);
      if (helpMs - nodeMs > MAX_HELP_EXTRA_MS)
        warnings.push(`--help takes over ${MAX_HELP_EXTRA_MS} ms more than node -e 0`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return {
      title: `${this.description} (median of ${RUNS} whole processes, ms; targets: ratio <= ${MAX_RATIO}, --help <= +${MAX_HELP_EXTRA_MS} ms)`,
      columns: ['work', 'yinzhang ms', 'reference', 'reference ms', 'ratio'],
      rows,
      warnings,
    };
  },
};
