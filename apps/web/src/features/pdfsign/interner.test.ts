import { describe, expect, it } from 'vitest';
import { bytesInterner } from './interner';

describe('bytesInterner', () => {
  it.each([
    { name: 'same bytes: the first array', first: [1, 2, 3], second: [1, 2, 3], same: true },
    { name: 'one byte differs', first: [1, 2, 3], second: [1, 2, 4], same: false },
    { name: 'a prefix', first: [1, 2, 3], second: [1, 2], same: false },
    { name: 'empty twice', first: [], second: [], same: true },
  ])('$name', ({ first, second, same }) => {
    const intern = bytesInterner(4);
    const a = Uint8Array.from(first);
    const b = Uint8Array.from(second);
    expect(intern(a)).toBe(a);
    expect(intern(b) === a).toBe(same);
  });

  it('forgets the oldest array past its size', () => {
    const intern = bytesInterner(2);
    const [a, b, c] = [1, 2, 3].map((n) => Uint8Array.of(n)) as [
      Uint8Array,
      Uint8Array,
      Uint8Array,
    ];
    intern(a);
    intern(b);
    intern(c);
    expect(intern(Uint8Array.of(1))).not.toBe(a);
    expect(intern(Uint8Array.of(3))).toBe(c);
  });
});
