/**
 * The one-page stamp as a user runs it, a whole `yinzhang stamp --page 1` process (start-up,
 * reading, stamping, writing), on corpus files: issue 19's rule (no file over 3x the corpus median
 * time per page) measured the way the issue measured it. Wall time, and user + system CPU time from
 * GNU time, which moves less with what else runs on a shared machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../packages/cli/bin/yinzhang.mjs', import.meta.url));
const GNU_TIME = '/usr/bin/time';
export const OVER = 3;

export interface ProcessTime {
  readonly wallMs: number;
  /** undefined without GNU time. */
  readonly cpuMs: number | undefined;
}

export const canRun = () => existsSync(BIN);

/**
 * One whole run stamping page 1 of `file` with `dir`/seal.png (written by the caller), with the
 * overrides a refusal asks for (`--ignore-restrictions` always, `--force-rewrite` when the plain
 * run is refused); undefined when it fails either way.
 */
export function stampOnce(
  file: string,
  dir: string,
  extra: readonly string[] = [],
): ProcessTime | undefined {
  const args = [
    ...['stamp', file, '--image', 'seal.png', '--page', '1', '--x', '0.5', '--y', '0.5'],
    ...['--width', '40mm', '-o', 'out.pdf', '-q', '--ignore-restrictions', ...extra],
  ];
  const cpuFile = path.join(dir, '.cpu');
  const gnu = existsSync(GNU_TIME);
  const start = performance.now();
  const child = gnu
    ? spawnSync(GNU_TIME, ['-f', '%U %S', '-o', cpuFile, process.execPath, BIN, ...args], {
        cwd: dir,
        timeout: 120_000,
      })
    : spawnSync(process.execPath, [BIN, ...args], { cwd: dir, timeout: 120_000 });
  const wallMs = performance.now() - start;
  if (child.status !== 0) return undefined;
  if (!gnu) return { wallMs, cpuMs: undefined };
  const [user = 0, system = 0] = readFileSync(cpuFile, 'utf8').trim().split(/\s+/).map(Number);
  return { wallMs, cpuMs: (user + system) * 1000 };
}

/** The overrides `file` needs, or undefined when it does not stamp at all. */
export function overridesFor(file: string, dir: string): string[] | undefined {
  if (stampOnce(file, dir)) return [];
  return stampOnce(file, dir, ['--force-rewrite']) ? ['--force-rewrite'] : undefined;
}

/** The median of `runs` whole runs (after `overridesFor`), per page. */
export function medianPerPage(
  file: string,
  pages: number,
  dir: string,
  runs: number,
): ProcessTime | undefined {
  const extra = overridesFor(file, dir);
  if (extra === undefined) return undefined;
  const times: ProcessTime[] = [];
  for (let i = 0; i < runs; i++) {
    const t = stampOnce(file, dir, extra);
    if (!t) return undefined;
    times.push(t);
  }
  return {
    wallMs: median(times.map((t) => t.wallMs)) / pages,
    cpuMs:
      times[0]?.cpuMs === undefined
        ? undefined
        : median(times.map((t) => t.cpuMs as number)) / pages,
  };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor(sorted.length / 2)] as number);
};

/** Pages of a file as qpdf counts them; undefined for a file qpdf cannot read. */
export function qpdfPages(file: string): number | undefined {
  const r = spawnSync('qpdf', ['--show-npages', file], { encoding: 'utf8' });
  const n = Number(r.stdout.trim());
  return r.status === 0 || r.status === 3
    ? Number.isInteger(n) && n > 0
      ? n
      : undefined
    : undefined;
}

/**
 * Every file qpdf pages, stamped once as a whole process; the files then over 2x the median per
 * page are timed again (median of 3), so that one slow run on a shared machine does not make an
 * outlier. Lines: the median, every file over OVER x, and the worst, in CPU time where there is
 * GNU time (wall beside it).
 */
export function wholeCorpus(files: readonly string[], dir: string): string[] {
  const timed: { file: string; pages: number; t: ProcessTime }[] = [];
  let refused = 0;
  for (const file of files) {
    const pages = qpdfPages(file);
    if (pages === undefined) continue;
    const t = stampOnce(file, dir) ?? stampOnce(file, dir, ['--force-rewrite']);
    if (!t) {
      refused++;
      continue;
    }
    timed.push({ file, pages, t: { wallMs: t.wallMs / pages, cpuMs: t.cpuMs && t.cpuMs / pages } });
  }
  const key = (t: ProcessTime) => t.cpuMs ?? t.wallMs;
  let base = median(timed.map((x) => key(x.t)));
  for (const x of timed) {
    if (key(x.t) > 2 * base) x.t = medianPerPage(x.file, x.pages, dir, 3) ?? x.t;
  }
  base = median(timed.map((x) => key(x.t)));
  const wallBase = median(timed.map((x) => x.t.wallMs));
  const kind = timed[0]?.t.cpuMs === undefined ? 'wall' : 'CPU';
  const name = (f: string) => path.basename(f);
  const sorted = [...timed].sort((a, b) => key(b.t) - key(a.t));
  const over = sorted.filter((x) => key(x.t) > OVER * base);
  const line = (x: (typeof timed)[number]) =>
    `  ${name(x.file)} (${x.pages} p): ${key(x.t).toFixed(0)} ms/page ${kind}, ${(key(x.t) / base).toFixed(1)}x; wall ${x.t.wallMs.toFixed(0)}, ${(x.t.wallMs / wallBase).toFixed(1)}x`;
  return [
    `whole process over the corpus (yinzhang stamp --page 1, ${timed.length} files qpdf pages, ${refused} not stamped): median ${base.toFixed(1)} ms/page ${kind}, ${wallBase.toFixed(1)} wall; ${over.length} over ${OVER}x`,
    ...over.map(line),
    ...(sorted[0] && over.length === 0 ? [`  worst: ${line(sorted[0]).trim()}`] : []),
  ];
}
