/**
 * Extraction per failure class of issue 17 on HELD-OUT seeds (the constants were tuned on seeds
 * 1000 and up with bench/extract-quality.ts), with the defaults a user gets (0-auto-0).
 *
 * Floors sit a safe margin under what the extractor measured; where that is below the issue's
 * target the row says so (`meetsTarget: false`), and the target is what the class is held to once
 * the extractor reaches it. Low resolution and the oval rings are bounded by the photo itself:
 * the truth shrunk like the photo and enlarged again scores only about 0.81 there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractSeal } from '../src/extract';
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
  /** The target is 1 %; print and faint ink under text are not there yet. */
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
  print: { ...ok('print'), ghost: 0.03, meetsTarget: false },
  faint: { ...ok('faint'), ghost: 0.02, meetsTarget: false },
  dark: ok('dark'),
  thin: ok('thin'),
  objects: ok('objects'),
  lowres: { iou: 0.7, ghost: 0.01, fidelityMax: 1.16, meetsTarget: false },
  oval: { ...ok('oval'), iou: 0.78, meetsTarget: false },
  pens: ok('pens'),
};

let rows: ClassFigures[] = [];

beforeAll(async () => {
  const photos = await classPhotos(HELD_OUT_FIRST, PER_CLASS);
  rows = figures(photos, withOptions(extractSeal, { mode: 0, clarity: 'auto', red: 0 }));
  console.log(`held-out seeds ${HELD_OUT_FIRST}+${PER_CLASS} per class\n${figuresTable(rows)}`);
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

  it('red decoys beside the seal are dropped', () => {
    const row = rows.find((r) => r.cls === 'objects') as ClassFigures;
    // Keeping the badge and the red form lines shows as swollen fidelity.
    expect(row.fidelity).toBeLessThan(1.05);
  });
});
