import { describe, expect, it } from 'vitest';
import { pagingPreview, pagingSealEntry } from './pagingSeal';

const made = { id: 'made:1', kind: 'made', sizeMm: 42 };
const sig = { id: 'signature:1', kind: 'signature' };
const made2 = { id: 'made:2', kind: 'made', sizeMm: 40 };

describe('the seal the paging seal uses', () => {
  it.each([
    [
      'the one placed last',
      [sig, made, made2],
      [{ stampId: 'made:1' }, { stampId: 'made:2' }],
      'made:2',
    ],
    ['a placed signature wins too', [made, sig], [{ stampId: 'signature:1' }], 'signature:1'],
    ['nothing placed: the newest seal made', [sig, made, made2], [], 'made:1'],
    ['no seal made: the newest stamp', [sig], [], 'signature:1'],
    [
      'a placed stamp since deleted: the newest seal made',
      [sig, made],
      [{ stampId: 'gone' }],
      'made:1',
    ],
    ['an empty gallery', [], [], undefined],
  ])('%s', (_name, stamps, placements, expected) => {
    expect(pagingSealEntry(stamps, placements)?.id).toBe(expected);
  });
});

describe('the paging seal preview', () => {
  const A4 = { width: 595.28, height: 841.89 };
  it.each(['right', 'left'] as const)(
    'cuts the seal into one strip per page at the %s edge',
    (edge) => {
      const parts = pagingPreview([A4, A4, A4, A4], { edge, y: 0.5, widthMm: null }, made, 1);
      expect(parts).toHaveLength(4);
      const strips = parts.map((p) => p.clip.width * A4.width);
      const whole = parts[0]?.box.width ?? 0;
      // The strips add up to the whole seal and each lies at the chosen edge of its page.
      expect(strips.reduce((a, b) => a + b, 0)).toBeCloseTo(whole * A4.width, 6);
      for (const p of parts) {
        if (edge === 'right') expect(p.clip.x + p.clip.width).toBeCloseTo(1, 9);
        else expect(p.clip.x).toBeCloseTo(0, 9);
        expect(p.clip.y + p.clip.height / 2).toBeCloseTo(0.5, 9);
      }
    },
  );

  it('is empty without pages', () => {
    expect(pagingPreview([], { edge: 'right', y: 0.5, widthMm: null }, made, 1)).toEqual([]);
  });
});
