/** Per-class extraction figures (issue 17), shared by bench/extract-quality.ts and the quality test. */
import type { ExtractOptions } from '../../src/extract';
import { type ClassPhoto, classPhoto, SYNTH_CLASSES, type SynthClass } from './classes';
import { type ClassScore, classScore, iou, KEPT_ALPHA } from './metrics';

export type Extractor = (photo: ClassPhoto) => Uint8ClampedArray;

export interface ClassFigures {
  cls: SynthClass;
  count: number;
  meanIou: number;
  minIou: number;
  /** The seed of the worst photo. */
  minSeed: number;
  /** Mean kept area / true area. */
  fidelity: number;
  /** Pooled over the class: ghost pixels / kept pixels. */
  ghost: number;
  /** Mean IoU of the truth shrunk like the photo and enlarged again (the resolution's ceiling). */
  oracleIou: number;
  /** Oval class: share of the paper between the two border lines that was kept (fused rings). */
  gapKept: number;
}

/** Photos seeds first..first+count-1 of every class, generated once. */
export async function classPhotos(first: number, count: number): Promise<ClassPhoto[]> {
  const photos: ClassPhoto[] = [];
  for (const cls of SYNTH_CLASSES) {
    for (let s = first; s < first + count; s++) photos.push(await classPhoto(cls, s));
  }
  return photos;
}

export function figures(photos: readonly ClassPhoto[], extract: Extractor): ClassFigures[] {
  return SYNTH_CLASSES.map((cls) => {
    const mine = photos.filter((p) => p.cls === cls);
    const outs = mine.map((p) => extract(p));
    const scores: ClassScore[] = mine.map((p, k) => classScore(p, outs[k] as Uint8ClampedArray));
    const ious = scores.map((s) => s.iou);
    const min = Math.min(...ious);
    const kept = scores.reduce((a, s) => a + s.kept, 0);
    const ghosts = scores.reduce((a, s) => a + s.ghosts, 0);
    const oracle = mine.map((p) => {
      const rgba = new Uint8ClampedArray(p.oracle.length * 4);
      for (let i = 0; i < p.oracle.length; i++) rgba[i * 4 + 3] = p.oracle[i] ? 255 : 0;
      return iou(rgba, p.truth);
    });
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
    let gap = 0;
    let gapKept = 0;
    mine.forEach((p, k) => {
      const out = outs[k] as Uint8ClampedArray;
      for (let i = 0; i < p.ringGap.length; i++) {
        if (p.ringGap[i] === 0) continue;
        gap++;
        if ((out[i * 4 + 3] as number) > KEPT_ALPHA) gapKept++;
      }
    });
    return {
      cls,
      count: mine.length,
      meanIou: mean(ious),
      minIou: min,
      minSeed: mine[ious.indexOf(min)]?.seed ?? -1,
      fidelity: mean(scores.map((s) => s.fidelity)),
      ghost: kept === 0 ? 0 : ghosts / kept,
      oracleIou: mean(oracle),
      gapKept: gap === 0 ? 0 : gapKept / gap,
    };
  });
}

export const withOptions =
  (
    fn: (rgba: Uint8Array, w: number, h: number, o: ExtractOptions) => Uint8ClampedArray,
    options: ExtractOptions,
  ): Extractor =>
  (p) =>
    fn(p.rgba, p.width, p.height, options);

export function figuresTable(rows: readonly ClassFigures[]): string {
  const head =
    'class    |  n | mean IoU | min IoU (seed) | fidelity | ghost  | ceiling | ring gap kept';
  const lines = rows.map(
    (r) =>
      `${r.cls.padEnd(8)} | ${String(r.count).padStart(2)} |   ${r.meanIou.toFixed(3)}  | ${r.minIou.toFixed(3)} (${r.minSeed}) |   ${r.fidelity.toFixed(2)}   | ${(r.ghost * 100).toFixed(2)}% | ${r.oracleIou.toFixed(3)}   | ${r.cls === 'oval' ? `${(r.gapKept * 100).toFixed(1)}%` : '-'}`,
  );
  return [head, ...lines].join('\n');
}
