/**
 * Extraction quality on a held-out set of synthetic photos. The algorithm's constants were chosen
 * on seeds 1000-1099 (bench/extract-quality.ts); these seeds are not used for tuning.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CLARITY, extractSeal } from '../src/extract';
import { fraction, pool, type Score, score } from './synth/metrics';
import { type SynthPhoto, synthPhoto } from './synth/photo';

const HELD_OUT_FIRST = 5000;
const HELD_OUT_COUNT = 24;

const photos: SynthPhoto[] = [];
/** scores[clarity][photo] for mode 0. */
const scores: Score[][] = [];
const meanIou = (level: Score[]) => level.reduce((a, s) => a + s.iou, 0) / level.length;

beforeAll(async () => {
  for (let seed = HELD_OUT_FIRST; seed < HELD_OUT_FIRST + HELD_OUT_COUNT; seed++) {
    photos.push(await synthPhoto(seed));
  }
  for (let c = CLARITY[0].min; c <= CLARITY[0].max; c++) {
    scores[c] = photos.map((p) =>
      score(p, extractSeal(p.rgba, p.width, p.height, { mode: 0, clarity: c, red: 0 })),
    );
  }
  const table = scores.map(
    (level, c) =>
      `clarity ${c}: mean IoU ${meanIou(level).toFixed(3)}, min ${Math.min(...level.map((s) => s.iou)).toFixed(3)}, ` +
      `text kept ${(fraction(pool(level.map((s) => s.text))) * 100).toFixed(2)}%`,
  );
  console.log(`held-out seeds ${HELD_OUT_FIRST}+${HELD_OUT_COUNT}\n${table.join('\n')}`);
}, 120_000);

describe('seal extraction quality (mode 0, held-out synthetic photos)', () => {
  it('the best clarity averages an IoU of at least 0.90', () => {
    const best = Math.max(...scores.map(meanIou));
    expect(best).toBeGreaterThanOrEqual(0.9);
  });

  it('the default clarity averages at least 0.85 and is the best level', () => {
    const means = scores.map(meanIou);
    expect(means[CLARITY[0].default]).toBeGreaterThanOrEqual(0.85);
    expect(means[CLARITY[0].default]).toBe(Math.max(...means));
  });

  it('no photo falls apart at the default clarity', () => {
    const level = scores[CLARITY[0].default] as Score[];
    expect(Math.min(...level.map((s) => s.iou))).toBeGreaterThan(0.7);
  });

  it('does not keep black text or a black signature', () => {
    for (const level of scores) {
      // Away from the seal: nothing. Touching the seal's edge the pixel is shared, so a little.
      expect(fraction(pool(level.map((s) => s.textAway)))).toBeLessThan(0.001);
      expect(fraction(pool(level.map((s) => s.text)))).toBeLessThan(0.03);
      expect(fraction(pool(level.map((s) => s.signature)))).toBeLessThan(0.005);
    }
  });
});
