import { describe, expect, it } from 'vitest';
import { moveById, moveItem, newId, removeById, updateById } from './listOps';

const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
const ids = (l: readonly { id: string }[]) => l.map((i) => i.id).join('');

describe('moveItem', () => {
  it.each([
    [0, 2, 'bcad'],
    [3, 0, 'dabc'],
    [1, 2, 'acbd'],
    [2, 1, 'acbd'],
    [0, 99, 'bcda'],
    [3, -5, 'dabc'],
  ])('from %i to %i -> %s', (from, to, expected) => {
    expect(ids(moveItem(list, from, to))).toBe(expected);
  });

  it('returns the same list when nothing moves or the source is out of range', () => {
    expect(moveItem(list, 2, 2)).toBe(list);
    expect(moveItem(list, 7, 0)).toBe(list);
    expect(moveItem(list, -1, 0)).toBe(list);
    expect(moveItem([], 0, 1)).toEqual([]);
  });

  it('does not change the list it was given', () => {
    moveItem(list, 0, 3);
    expect(ids(list)).toBe('abcd');
  });
});

describe('moveById', () => {
  it.each([
    ['b', -1, 'bacd'],
    ['b', 1, 'acbd'],
    ['a', -1, 'abcd'],
    ['d', 1, 'abcd'],
    ['x', 1, 'abcd'],
  ])('%s by %i -> %s', (id, delta, expected) => {
    expect(ids(moveById(list, id, delta))).toBe(expected);
  });
});

describe('removeById and updateById', () => {
  it('removes by id, keeping the list when the id is unknown', () => {
    expect(ids(removeById(list, 'c'))).toBe('abd');
    expect(removeById(list, 'x')).toBe(list);
  });

  it('patches one item and keeps the others as they are', () => {
    const items = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ];
    const next = updateById(items, 'b', { n: 5 });
    expect(next).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 5 },
    ]);
    expect(next[0]).toBe(items[0]);
    expect(updateById(items, 'x', { n: 9 })).toBe(items);
  });

  it('makes distinct ids', () => {
    expect(newId('p')).not.toBe(newId('p'));
  });
});
