/**
 * Speck removal with hysteresis. The candidate set is every pixel whose strength is above `lo`;
 * an 8-connected piece of it survives only if it is big enough and somewhere reaches `hi`.
 *
 * Raising `lo`, `hi` or `minArea` can only remove pixels: a piece of a stricter candidate set
 * lies inside one piece of a looser set, which is at least as big and reaches at least as high.
 * That is what makes a higher clarity keep no more than a lower one.
 */

function find(parent: Int32Array, a: number): number {
  let root = a;
  while ((parent[root] as number) !== root) root = parent[root] as number;
  // Path compression keeps later finds short.
  while ((parent[a] as number) !== root) {
    const next = parent[a] as number;
    parent[a] = root;
    a = next;
  }
  return root;
}

function union(parent: Int32Array, a: number, b: number): number {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra === rb) return ra;
  if (ra < rb) {
    parent[rb] = ra;
    return ra;
  }
  parent[ra] = rb;
  return rb;
}

/**
 * Writes 1 into `keep` for every pixel of a surviving piece, 0 elsewhere.
 * `labels`, `area` and `peak` are scratch space of the image's size.
 */
export function keepConnected(
  strength: Float32Array,
  width: number,
  height: number,
  lo: number,
  hi: number,
  minArea: number,
  keep: Uint8Array,
  labels: Int32Array,
  area: Int32Array,
  peak: Float32Array,
): void {
  const n = width * height;
  // Pass 1: provisional labels; parent links are stored in `parent` indexed by label.
  // A label is the index of the first pixel of its piece, so `labels` doubles as the parent array.
  const parent = labels;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      if ((strength[i] as number) <= lo) {
        parent[i] = -1;
        continue;
      }
      let root = i;
      parent[i] = i;
      if (x > 0 && (parent[i - 1] as number) >= 0) root = union(parent, root, i - 1);
      if (y > 0) {
        const up = i - width;
        if (x > 0 && (parent[up - 1] as number) >= 0) root = union(parent, root, up - 1);
        if ((parent[up] as number) >= 0) root = union(parent, root, up);
        if (x < width - 1 && (parent[up + 1] as number) >= 0) root = union(parent, root, up + 1);
      }
    }
  }
  // Pass 2: area and peak per root, kept in scratch arrays indexed by root pixel.
  area.fill(0);
  peak.fill(0);
  for (let i = 0; i < n; i++) {
    if ((parent[i] as number) < 0) continue;
    const root = find(parent, i);
    area[root] = (area[root] as number) + 1;
    const s = strength[i] as number;
    if (s > (peak[root] as number)) peak[root] = s;
  }
  for (let i = 0; i < n; i++) {
    const p = parent[i] as number;
    if (p < 0) {
      keep[i] = 0;
      continue;
    }
    // Pass 2's finds left every pixel pointing straight at its root.
    const root = p;
    keep[i] = (area[root] as number) >= minArea && (peak[root] as number) >= hi ? 1 : 0;
  }
}
