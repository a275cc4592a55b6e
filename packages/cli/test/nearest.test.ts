/** The "did you mean" guess: near typos get a suggestion, nonsense gets none. */
import { describe, expect, it } from 'vitest';
import { editDistance, nearest } from '../src/nearest';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['stamp', 'stamp', 0],
    ['stmp', 'stamp', 1],
    ['nmae', 'name', 1],
    ['colour', 'color', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('nearest', () => {
  const commands = ['seal', 'extract', 'stamp', 'paging-seal', 'merge', 'img2pdf'];
  it.each([
    ['stmp', 'stamp'],
    ['marge', 'merge'],
    ['paging', 'paging-seal'],
    ['img2dpf', 'img2pdf'],
    ['frobnicate', undefined],
    ['xy', undefined],
    ['sign', undefined],
  ])('%s → %s', (typed, expected) => {
    expect(nearest(typed, commands)).toBe(expected);
  });
});
