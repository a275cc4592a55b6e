import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_S = 100;

/**
 * CPU time (user + system, ms) a process has used so far, all its threads included (worker
 * threads and libvips' too); null where /proc is missing. On a shared machine wall-clock req/s
 * moves with the neighbours' load; CPU time per request does not, so sections print both.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  return statCpuMs(`/proc/${pid}/stat`);
}

/**
 * CPU time (ms) of a process's main thread alone (the event loop: HTTP, routing, storage,
 * hand-overs to workers), without its worker threads, libuv's pool or libvips; null without /proc.
 */
export function mainThreadCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  return statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}

function statCpuMs(file: string): number | null {
  try {
    const stat = readFileSync(file, 'utf8');
    // Fields after the command name (which may hold spaces, so split after its closing paren).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}
