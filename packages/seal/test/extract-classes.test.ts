/**
 * Extraction per failure class of issue 17 on HELD-OUT seeds (the constants were tuned on seeds
 * 1000 and up with bench/extract-quality.ts), with the defaults a user gets (0-auto-0).
 *
 * Floors sit a safe margin under what the extractor measured; where that is below the issue's
 * target the row says so (`meetsTarget: false`), and the target is what the class is held to once
 * the extractor reaches it. Low resolution is bounded by the photo itself: the truth shrunk like
 * the photo and enlarged again scores only about 0.85 there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CLARITY, extractSeal } from '../src/extract';
import { IOU_TARGET, SYNTH_CLASSES, type SynthClass } from './synth/classes';
import {
  type ClassFigures,
  classPhotos,
  figures,
  figuresTable,
  withOptions,
} from './synth/evaluate';

const HELD_OUT_FIRST = 5000;
const PER_CLASS = 8;

interface Floor {
  iou: number;
  /** The target is 1 %. */
  ghost: number;
  /** The range is 0.9-1.1; at low resolution strokes still swell a little. */
  fidelityMax: number;
  /** IoU, fidelity and ghost share all meet the targets. */
  meetsTarget: boolean;
}

const ok = (cls: SynthClass): Floor => ({
  iou: IOU_TARGET[cls],
  ghost: 0.01,
  fidelityMax: 1.1,
  meetsTarget: true,
});

const FLOORS: Readonly<Record<SynthClass, Floor>> = {
  clean: ok('clean'),
  // Print rims are print (strength.ts) and the seal's own edge next to print needs the ink's
  // colour (rims.ts): 0.96 % of the kept pixels on these eight photos (1.32 % at the fixed level).
  print: ok('print'),
  faint: ok('faint'),
  dark: ok('dark'),
  thin: ok('thin'),
  objects: ok('objects'),
  // 0.817 on these eight photos; the truth shrunk like the photo and enlarged again scores 0.842.
  lowres: ok('lowres'),
  oval: ok('oval'),
  pens: ok('pens'),
};

let rows: ClassFigures[] = [];
/** The same photos at the fixed default level (what 自动 replaced). */
let fixed: ClassFigures[] = [];

beforeAll(async () => {
  const photos = await classPhotos(HELD_OUT_FIRST, PER_CLASS);
  rows = figures(photos, withOptions(extractSeal, { mode: 0, clarity: 'auto', red: 0 }));
  fixed = figures(
    photos,
    withOptions(extractSeal, { mode: 0, clarity: CLARITY[0].default, red: 0 }),
  );
  console.log(`held-out seeds ${HELD_OUT_FIRST}+${PER_CLASS} per class\n${figuresTable(rows)}`);
  console.log(`fixed level ${CLARITY[0].default}:\n${figuresTable(fixed)}`);
}, 600_000);

describe('seal extraction per class (held-out synthetic photos, defaults)', () => {
  it.each(SYNTH_CLASSES)('%s: IoU at or above its floor', (cls) => {
    const row = rows.find((r) => r.cls === cls) as ClassFigures;
    const floor = FLOORS[cls];
    expect(row.meanIou).toBeGreaterThanOrEqual(floor.iou);
    if (floor.meetsTarget) {
      expect([floor.iou, floor.ghost, floor.fidelityMax]).toEqual([IOU_TARGET[cls], 0.01, 1.1]);
    }
  });

  it.each(SYNTH_CLASSES)(
    '%s: stroke fidelity within 0.9 and its ceiling (1.1 as targeted)',
    (cls) => {
      const row = rows.find((r) => r.cls === cls) as ClassFigures;
      expect(row.fidelity).toBeGreaterThanOrEqual(0.9);
      expect(row.fidelity).toBeLessThanOrEqual(FLOORS[cls].fidelityMax);
    },
  );

  it.each(SYNTH_CLASSES)('%s: ghost share under its ceiling', (cls) => {
    const row = rows.find((r) => r.cls === cls) as ClassFigures;
    expect(row.ghost).toBeLessThanOrEqual(FLOORS[cls].ghost);
  });

  // Within 0.003 per class (the noise of eight photos: one pixel row of a ring), and better overall.
  it.each(SYNTH_CLASSES)(
    '%s: automatic clarity scores at least as well as the fixed default',
    (cls) => {
      const auto = rows.find((r) => r.cls === cls) as ClassFigures;
      const level = fixed.find((r) => r.cls === cls) as ClassFigures;
      expect(auto.meanIou).toBeGreaterThanOrEqual(level.meanIou - 0.003);
    },
  );

  it('automatic clarity beats the fixed default over all classes', () => {
    const mean = (r: ClassFigures[]) => r.reduce((a, x) => a + x.meanIou, 0) / r.length;
    expect(mean(rows)).toBeGreaterThan(mean(fixed));
  });

  it('the thin double border of the oval stays two lines (the paper between them is not kept)', () => {
    const row = rows.find((r) => r.cls === 'oval') as ClassFigures;
    // Fused rings keep 12 % of it without the ring test (rings.ts), the old defaults 7 %.
    expect(row.gapKept).toBeLessThan(0.03);
  });

  it('red decoys beside the seal are dropped', () => {
    const row = rows.find((r) => r.cls === 'objects') as ClassFigures;
    // Keeping the badge and the red form lines shows as swollen fidelity.
    expect(row.fidelity).toBeLessThan(1.05);
  });
});
