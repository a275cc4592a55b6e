import { describe, expect, it } from 'vitest';
import { formatSize, percent } from './format';

describe('formatSize', () => {
  it.each([
    [0, '1 KB'],
    [1000, '1 KB'],
    [820 * 1024, '820 KB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
    [100 * 1024 * 1024, '100.0 MB'],
  ])('%i bytes -> %s', (bytes, expected) => {
    expect(formatSize(bytes)).toBe(expected);
  });
});

describe('percent', () => {
  it.each([
    [0, 0],
    [0.456, 46],
    [1, 100],
    [1.2, 100],
    [-1, 0],
  ])('%f -> %i', (fraction, expected) => {
    expect(percent(fraction)).toBe(expected);
  });
});
