/**
 * extractSeal alone on 512x512 crops (issue 16 item 4: at most 8 ms), in-process and on one
 * thread: the synthetic photo classes of issue 17, at the default key and at a fixed level.
 * Printed, not asserted. CPU time (process.cpuUsage) is printed beside wall time: on a shared,
 * loaded machine wall time also counts the time other processes held the core.
 */
import { type ExtractOptions, extractSeal, parseClarityKey } from '@yinzhang/seal/extract';
import { type ClassPhoto, classPhoto, SYNTH_CLASSES } from '../../packages/seal/test/synth/classes';
import type { BenchSection, Cell } from '../lib/types';

const KEYS = ['0-auto-0', '0-1-0', '0-auto-2', '2-12-0'] as const;
const ROUNDS = 20;

function timeKey(
  photos: readonly ClassPhoto[],
  options: ExtractOptions,
): { wall: number[]; cpu: number[] } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const p of photos) {
      const c = process.cpuUsage();
      const t = performance.now();
      extractSeal(p.rgba, p.width, p.height, options);
      wall.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  const up = (a: number, b: number) => a - b;
  return { wall: wall.sort(up), cpu: cpu.sort(up) };
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
      const { wall, cpu } = timeKey(photos, parseClarityKey(key));
      return [
        key,
        at(wall, 0.5).toFixed(2),
        at(wall, 0.9).toFixed(2),
        at(cpu, 0.5).toFixed(2),
        at(cpu, 0.9).toFixed(2),
        wall.length,
      ];
    });
    return {
      title: `extractSeal, 512x512, one image of each of the ${SYNTH_CLASSES.length} synthetic classes`,
      columns: ['key', 'median ms', 'p90 ms', 'CPU median ms', 'CPU p90 ms', 'runs'],
      rows,
      warnings: [],
    };
  },
};
