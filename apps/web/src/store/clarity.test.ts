import { describe, expect, it } from 'vitest';
import {
  type ClaritySetting,
  canStep,
  clampClarity,
  initialClarity,
  keyFor,
  steppedClarity,
} from './clarity';

const s = initialClarity();
const at = (setting: ClaritySetting, val: number) => ({ ...setting, val });

describe('clarity settings per mode (SPEC §4)', () => {
  it.each([
    [0, 0, 3],
    [1, 0, 0],
    [2, 0, 19],
  ] as const)('mode %i ranges over %i..%i by step 1', (mode, min, max) => {
    expect(s[mode]).toMatchObject({ min, max, step: 1, red: 0 });
    expect(s[mode].val).toBeGreaterThanOrEqual(min);
    expect(s[mode].val).toBeLessThanOrEqual(max);
  });

  it('mode 2 starts at 12 and has an offset of 1', () => {
    expect(s[2]).toMatchObject({ val: 12, offset: 1 });
  });

  it.each([
    ['mode 0 up', at(s[0], 1), 1, 2],
    ['mode 0 up at max stays', at(s[0], 3), 1, 3],
    ['mode 0 down', at(s[0], 1), -1, 0],
    ['mode 0 down at min stays', at(s[0], 0), -1, 0],
    ['mode 1 cannot move up', s[1], 1, 0],
    ['mode 1 cannot move down', s[1], -1, 0],
    ['mode 2 up', s[2], 1, 13],
    ['mode 2 down by the offset', s[2], -1, 11],
    ['mode 2 up at 19 stays', at(s[2], 19), 1, 19],
    ['mode 2 down at 0 stays', at(s[2], 0), -1, 0],
    ['a larger offset goes back further', { ...s[2], offset: 3 }, -1, 9],
    ['a larger offset stops at min', { ...at(s[2], 2), offset: 3 }, -1, 0],
    ['a larger step goes up further', { ...s[2], step: 4 }, 1, 16],
  ] as const)('%s', (_name, setting, direction, expected) => {
    expect(steppedClarity(setting, direction)).toBe(expected);
    expect(canStep(setting, direction)).toBe(expected !== setting.val);
  });

  it.each([
    [s[2], 25, 19],
    [s[2], -4, 0],
    [s[2], 7.6, 8],
    [s[2], Number.NaN, 0],
    [s[0], 2, 2],
    [s[1], 5, 0],
  ] as const)('clamps %j to whole levels in range: %d -> %d', (setting, value, expected) => {
    expect(clampClarity(setting, value)).toBe(expected);
  });
});

describe('clarity key', () => {
  it.each([
    [0, s, '0-auto-0'],
    [0, { ...s, 0: { ...at(s[0], 2), auto: false } }, '0-2-0'],
    [0, { ...s, 0: { ...at(s[0], 2), red: 2 as const, auto: false } }, '0-2-2'],
    [0, { ...s, 0: { ...s[0], red: 2 as const } }, '0-auto-2'],
    [0, { ...s, 0: { ...s[0], red: 1 as const } }, '0-auto-0'],
    [1, s, '1-0-0'],
    [1, { ...s, 1: { ...s[1], red: 1 as const } }, '1-0-1'],
    [2, s, '2-12-0'],
    [2, { ...s, 2: { ...at(s[2], 19), red: 2 as const } }, '2-19-2'],
  ] as const)('mode %i -> %s', (mode, settings, key) => {
    expect(keyFor(mode, settings)).toBe(key);
  });
});
