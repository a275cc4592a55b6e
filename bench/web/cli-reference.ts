/**
 * Issue 16 item 6: the browser's 批量签章 beside the engine doing the same work in-process, as the
 * CLI's `stamp --every-page` does (same file, a seal of the same spec, one seal on every page).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type Placement, stampPdf } from '@yinzhang/pdf';
import { ZCreateSeal } from '@yinzhang/seal';
import type { PageFraction } from '@yinzhang/seal/placement';
import { renderSealPng } from '../../apps/server/src/seal/render';
import { NAME } from './app';

const f = (n: number) => n as PageFraction;
/** A 42 mm seal near the bottom-right of an A4 page, as in bench/sections/pdf.ts. */
const PLACEMENT: Placement = {
  page: 0,
  image: 'seal',
  x: f(0.6),
  y: f(0.7),
  width: f(119.06 / 595.28),
  height: f(119.06 / 841.89),
  rotate: 0,
};

function stampEveryPage(file: string): () => Promise<Uint8Array> {
  const source = new Uint8Array(readFileSync(file));
  const seal = new Uint8Array(renderSealPng(ZCreateSeal.parse({ name: NAME })));
  return () =>
    stampPdf(source, {
      images: { seal },
      placements: [],
      every: { placement: PLACEMENT, pages: 'all' },
    });
}

/** Median ms of `runs` in-process stamps of every page of `file` (after one warm-up). */
export async function cliInProcessMs(file: string, runs = 3): Promise<number> {
  const once = stampEveryPage(file);
  await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/**
 * Median ms of `runs` first calls, each in a fresh process (modules loaded, not timed): what one
 * `yinzhang stamp --every-page` spends in the engine, whose code has not been optimised yet — as
 * the browser's export worker has not, on the first 编辑完成.
 */
export function cliFirstCallMs(file: string, runs = 3): number {
  const times: number[] = [];
  const self = fileURLToPath(import.meta.url);
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', self, file], {
      encoding: 'utf8',
    });
    times.push(Number(out.trim()));
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

// Run as a script by cliFirstCallMs: one timed call, its ms on stdout.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2]) {
  const once = stampEveryPage(process.argv[2]);
  const start = performance.now();
  await once();
  console.log(Math.round(performance.now() - start));
}
