/** "did you mean" for mistyped commands and options: the closest valid name by edit distance. */

/** Edit distance counting an insertion, deletion, substitution or swap of neighbours as one. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] as number;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, at(i - 2, j - 2) + 1);
      }
      (d[i] as number[])[j] = v;
    }
  }
  return at(a.length, b.length);
}

/**
 * The valid name nearest to `typed`, or undefined when none is near enough to be a typo (more
 * than about a third of the longer name changed), so that nonsense gets no odd suggestion.
 * A name that starts with what was typed (an abbreviation like `--every`) also counts.
 */
export function nearest(typed: string, names: readonly string[]): string | undefined {
  // One or two letters say too little to guess from.
  if (typed.length < 3) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = name.startsWith(typed) ? 0.5 : editDistance(typed, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  if (best === undefined) return undefined;
  return bestDistance <= Math.max(1, Math.floor(Math.max(typed.length, best.length) / 3))
    ? best
    : undefined;
}
