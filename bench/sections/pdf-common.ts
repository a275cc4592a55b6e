/** What the in-process PDF sections share: medians, the site's seal, and qpdf's overlay as the reference. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type Placement, stampPdf } from '@yinzhang/pdf';
import type { PageFraction } from '@yinzhang/seal/placement';
import { blankPage } from './pdf-fixtures';

const f = (n: number) => n as PageFraction;

/** A 42 mm seal near the bottom-right of an A4 page. */
export const SEAL_PLACEMENT: Placement = {
  page: 0,
  image: 'seal',
  x: f(0.6),
  y: f(0.7),
  width: f(119.06 / 595.28),
  height: f(119.06 / 841.89),
  rotate: 0,
};

/** Median wall time of `runs` runs after one warm-up, in ms, and the last result. */
export async function timed<T>(
  work: () => Promise<T> | T,
  runs = 3,
): Promise<{ ms: number; result: T }> {
  let result = await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] as number, result };
}

export function hasQpdf(): boolean {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The site's own seal PNG, from the running server. */
export async function sealPng(url: string): Promise<Uint8Array> {
  const res = await fetch(`${url}/v1/stamp/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: '北京某某科技有限公司',
      title: '合同专用章',
      code: '1101081234567',
    }),
  });
  if (!res.ok) throw new Error(`seal request failed: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * The reference for stamping every page: qpdf overlays a one-page PDF holding the same seal at
 * SEAL_PLACEMENT onto every page of `input` (a path), writing `output`. Returns the median ms.
 */
export async function qpdfOverlay(
  seal: Uint8Array,
  input: string,
  output: string,
  runs?: number,
): Promise<number> {
  const overlay = `${output}.overlay.pdf`;
  writeFileSync(
    overlay,
    await stampPdf(await blankPage(), { images: { seal }, placements: [SEAL_PLACEMENT] }),
  );
  const args = [input, '--overlay', overlay, '--repeat=1', '--', output];
  return (await timed(() => execFileSync('qpdf', args), runs)).ms;
}

export const round = (n: number, digits = 0) => Number(n.toFixed(digits));
