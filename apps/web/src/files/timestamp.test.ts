import { describe, expect, it } from 'vitest';
import { timestampFileName } from './timestamp';

describe('timestampFileName', () => {
  it.each([
    ['merged', new Date(2025, 0, 2, 3, 4, 5), 'merged-20250102-030405.pdf'],
    ['images', new Date(2024, 11, 31, 23, 59, 59), 'images-20241231-235959.pdf'],
    ['merged', new Date(2026, 9, 10, 12, 0, 0), 'merged-20261010-120000.pdf'],
  ])('%s at %s -> %s', (prefix, date, expected) => {
    expect(timestampFileName(prefix, date)).toBe(expected);
  });

  it('uses local time', () => {
    const date = new Date(2025, 5, 6, 7, 8, 9);
    expect(timestampFileName('x', date, 'png')).toBe('x-20250606-070809.png');
  });
});
