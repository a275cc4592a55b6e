/**
 * extractSeal alone on 512x512 crops (issue 16 item 4: at most 8 ms), in-process and on one
 * thread: the synthetic photo classes of issue 17, at the default key and at a fixed level.
 * Printed, not asserted.
 */
import { type ExtractOptions, extractSeal, parseClarityKey } from '@yinzhang/seal/extract';
import { type ClassPhoto, classPhoto, SYNTH_CLASSES } from '../../packages/seal/test/synth/classes';
import type { BenchSection, Cell } from '../lib/types';

const KEYS = ['0-auto-0', '0-1-0', '0-auto-2', '2-12-0'] as const;
const ROUNDS = 20;

function timeKey(photos: readonly ClassPhoto[], options: ExtractOptions): number[] {
  const ms: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const p of photos) {
      const t = performance.now();
      extractSeal(p.rgba, p.width, p.height, options);
      ms.push(performance.now() - t);
    }
  }
  return ms.sort((a, b) => a - b);
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

export const extractSection: BenchSection = {
  name: 'extract',
  description: 'extractSeal on 512x512 crops, in-process (target: at most 8 ms)',
  async run() {
    const photos: ClassPhoto[] = [];
    for (const cls of SYNTH_CLASSES) photos.push(await classPhoto(cls, 1000));
    // Warm the JIT so that the first key's figures are not the compiler's.
    timeKey(photos.slice(0, 3), parseClarityKey(KEYS[0]));
    const rows: Cell[][] = KEYS.map((key) => {
      const ms = timeKey(photos, parseClarityKey(key));
      return [key, at(ms, 0.5).toFixed(2), at(ms, 0.9).toFixed(2), ms.length];
    });
    return {
      title: `extractSeal, 512x512, one image of each of the ${SYNTH_CLASSES.length} synthetic classes`,
      columns: ['key', 'median ms', 'p90 ms', 'runs'],
      rows,
      warnings: [],
    };
  },
};
