/**
 * Keeps what belongs to the seal's shape. A seal is framed by its border (ring, oval or square):
 * the biggest piece of kept ink. Pieces outside that frame's box are other red things on the page
 * (an app badge, red form lines, printed red characters beside the seal) and go.
 */

/** The biggest piece must hold at least this share of the kept ink for the frame to be trusted. */
const FRAME_SHARE = 0.2;
/** Slack around the frame's box, as a share of its larger side. */
const SLACK = 0.03;
/** Pieces at least this share of the biggest that overlap the frame's box are border too. */
const PART_SHARE = 0.15;
/** How far apart (share of the image's larger side) two arcs of a cut border may be. */
const GAP = 0.025;
/** Below this many pixels an image is too small to judge shapes in (tests, icons). */
const MIN_PIXELS = 64 * 64;

/**
 * Clears `keep` outside the frame. `labels` is scratch of the image's size. Returns the number
 * of pixels still kept.
 */
export function keepSealShape(
  keep: Uint8Array,
  width: number,
  height: number,
  labels: Int32Array,
): number {
  const n = width * height;
  if (n < MIN_PIXELS) {
    let kept = 0;
    for (let i = 0; i < n; i++) kept += keep[i] as number;
    return kept;
  }
  labels.fill(-1);
  const stack = new Int32Array(n);
  const boxes: number[] = []; // per piece: x0, y0, x1, y1, area
  let total = 0;
  for (let start = 0; start < n; start++) {
    if (keep[start] === 0 || (labels[start] as number) >= 0) continue;
    const id = boxes.length / 5;
    let x0 = width;
    let y0 = height;
    let x1 = -1;
    let y1 = -1;
    let area = 0;
    let top = 0;
    stack[top++] = start;
    labels[start] = id;
    while (top > 0) {
      const i = stack[--top] as number;
      const y = (i / width) | 0;
      const x = i - y * width;
      area++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (keep[j] === 1 && (labels[j] as number) < 0) {
            labels[j] = id;
            stack[top++] = j;
          }
        }
      }
    }
    boxes.push(x0, y0, x1, y1, area);
    total += area;
  }
  const count = boxes.length / 5;
  if (count === 0) return 0;
  // The frame starts from the widest big piece: a border arc spans more than the star or a
  // character inside it, even when print or a pen has cut the border into pieces.
  let largest = 0;
  for (let k = 0; k < count; k++) largest = Math.max(largest, boxes[k * 5 + 4] as number);
  let frame = -1;
  let span = -1;
  for (let k = 0; k < count; k++) {
    if ((boxes[k * 5 + 4] as number) < largest * PART_SHARE) continue;
    const s =
      (boxes[k * 5 + 2] as number) -
      (boxes[k * 5] as number) +
      (boxes[k * 5 + 3] as number) -
      (boxes[k * 5 + 1] as number);
    if (s > span) {
      span = s;
      frame = k;
    }
  }
  if (largest < total * FRAME_SHARE) return total;
  let fx0 = boxes[frame * 5] as number;
  let fy0 = boxes[frame * 5 + 1] as number;
  let fx1 = boxes[frame * 5 + 2] as number;
  let fy1 = boxes[frame * 5 + 3] as number;
  // A pen or a line of print may cut the border into arcs: big pieces that overlap the frame's
  // box are more of the border, so the box grows until no such piece is left.
  const big = largest * PART_SHARE;
  // Arcs are apart by the width of what cut them.
  const gap = Math.max(3, GAP * Math.max(width, height));
  const merged = new Uint8Array(count);
  merged[frame] = 1;
  for (let grew = true; grew; ) {
    grew = false;
    for (let k = 0; k < count; k++) {
      if (merged[k] === 1 || (boxes[k * 5 + 4] as number) < big) continue;
      const x0 = boxes[k * 5] as number;
      const y0 = boxes[k * 5 + 1] as number;
      const x1 = boxes[k * 5 + 2] as number;
      const y1 = boxes[k * 5 + 3] as number;
      if (x1 < fx0 - gap || x0 > fx1 + gap || y1 < fy0 - gap || y0 > fy1 + gap) continue;
      merged[k] = 1;
      grew = true;
      fx0 = Math.min(fx0, x0);
      fy0 = Math.min(fy0, y0);
      fx1 = Math.max(fx1, x1);
      fy1 = Math.max(fy1, y1);
    }
  }
  const slack = Math.max(2, SLACK * Math.max(fx1 - fx0, fy1 - fy0));
  const inside = new Uint8Array(count);
  for (let k = 0; k < count; k++) {
    inside[k] =
      (boxes[k * 5] as number) >= fx0 - slack &&
      (boxes[k * 5 + 1] as number) >= fy0 - slack &&
      (boxes[k * 5 + 2] as number) <= fx1 + slack &&
      (boxes[k * 5 + 3] as number) <= fy1 + slack
        ? 1
        : 0;
  }
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const id = labels[i] as number;
    if (id < 0) continue;
    if (inside[id] === 1) kept++;
    else keep[i] = 0;
  }
  return kept;
}
