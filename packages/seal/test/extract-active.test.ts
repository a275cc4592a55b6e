/**
 * Where the per-pixel passes walk (extract/active.ts): quarters of grid cells with a sampled pixel
 * 10 % darker than paper in some channel, and 3 px around them, as runs of columns per
 * row (in seal mode only quarters with a reddish pixel). Drawn on plain paper: a 256x256 image
 * has 8x8 cells and so 4x4-pixel quarters.
 */
import { describe, expect, it } from 'vitest';
import { extractSeal } from '../src/extract';
import { type Active, activeFor } from '../src/extract/active';
import { gridFor } from '../src/extract/grid';
import { normaliseToPaper, type Planes } from '../src/extract/paper';
import { Workspace } from '../src/extract/workspace';

const PAPER: [number, number, number] = [236, 230, 218];

interface Mark {
  x: number;
  y: number;
  w: number;
  h: number;
  rgb: [number, number, number];
}

function image(size: number, marks: Mark[]): Uint8Array {
  const px = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) px.set([...PAPER, 255], i * 4);
  for (const m of marks) {
    for (let y = m.y; y < m.y + m.h; y++) {
      for (let x = m.x; x < m.x + m.w; x++) px.set([...m.rgb, 255], (y * size + x) * 4);
    }
  }
  return px;
}

/** The active runs of each row, as [lo, hi) pairs. */
function activeOf(
  size: number,
  marks: Mark[],
  redOnly = false,
): { runs: [number, number][][]; active: Active } {
  const ws = new Workspace(size * size);
  const active = activeFor(gridFor(size, size), size, (name, length) => ws.i32(name, length));
  const planes: Planes = { rgb: ws.f32('rgb', 3 * size * size), active };
  normaliseToPaper(image(size, marks), size, size, planes, redOnly);
  const runs: [number, number][][] = [];
  for (let y = 0; y < size; y++) {
    const row: [number, number][] = [];
    for (let s = active.start[y] as number; s < (active.start[y + 1] as number); s++) {
      row.push([active.lo[s] as number, active.hi[s] as number]);
    }
    runs.push(row);
  }
  return { runs, active };
}

const covered = (runs: [number, number][][]) =>
  runs.reduce((a, row) => a + row.reduce((b, [lo, hi]) => b + hi - lo, 0), 0);

const RED: [number, number, number] = [210, 40, 45];

describe('the active area (active.ts)', () => {
  it.each<[string, Mark[], number]>([
    ['plain paper', [], 0],
    // 10 % darker than paper in no channel: paper (0.93 of it in every channel).
    ['a mark 7 % darker', [{ x: 100, y: 100, w: 20, h: 20, rgb: [219, 214, 203] }], 0],
    // A red 6x6 square at 100..105 lies in quarters 25-26 across and down (100..107); with the
    // 3-px margin, rows and columns 97..110.
    ['a red square', [{ x: 100, y: 100, w: 6, h: 6, rgb: RED }], 14 * 14],
    // Black print counts too (mode 2 keeps it, and the print-rim test reads it next to ink).
    ['a black square', [{ x: 100, y: 100, w: 6, h: 6, rgb: [20, 20, 20] }], 14 * 14],
  ])('%s', (_name, marks, area) => {
    const { runs } = activeOf(256, marks);
    expect(covered(runs)).toBe(area);
    if (area > 0) {
      for (let y = 97; y < 111; y++) expect(runs[y]).toEqual([[97, 111]]);
      expect(runs[96]).toEqual([]);
      expect(runs[111]).toEqual([]);
    }
  });

  it('keeps two marks far apart as two runs of the rows they share', () => {
    const { runs } = activeOf(256, [
      { x: 20, y: 100, w: 6, h: 6, rgb: RED },
      { x: 200, y: 100, w: 6, h: 6, rgb: RED },
    ]);
    expect(runs[100]).toEqual([
      [17, 31],
      [197, 211],
    ]);
  });

  it.each([
    ['black print alone', [{ x: 100, y: 100, w: 6, h: 6, rgb: [20, 20, 20] }] as Mark[], 0],
    ['a blue pen alone', [{ x: 100, y: 100, w: 6, h: 6, rgb: [40, 60, 190] }] as Mark[], 0],
    ['red ink', [{ x: 100, y: 100, w: 6, h: 6, rgb: RED }] as Mark[], 14 * 14],
    ['purple ink', [{ x: 100, y: 100, w: 6, h: 6, rgb: [150, 50, 140] }] as Mark[], 14 * 14],
    // Print touching the ink lies in the quarters around it (the print-rim test reads it).
    [
      'black print beside red ink',
      [
        { x: 100, y: 100, w: 6, h: 6, rgb: RED },
        { x: 106, y: 100, w: 4, h: 6, rgb: [20, 20, 20] },
        { x: 20, y: 20, w: 6, h: 6, rgb: [20, 20, 20] },
      ] as Mark[],
      14 * 14,
    ],
  ])('seal mode (red inks only): %s', (_name, marks, area) => {
    expect(covered(activeOf(256, marks, true).runs)).toBe(area);
  });

  it('on a 512 crop (8-px quarters) walks 3 px around a marked quarter, not a whole quarter', () => {
    // A red 6x6 square at 200..205 lies in the quarter 200..207 across and down: 197..210.
    const { runs } = activeOf(512, [{ x: 200, y: 200, w: 6, h: 6, rgb: RED }]);
    expect(covered(runs)).toBe(14 * 14);
    for (let y = 197; y < 211; y++) expect(runs[y]).toEqual([[197, 211]]);
    expect(runs[196]).toEqual([]);
    expect(runs[211]).toEqual([]);
  });

  it('walks every pixel of a small image (a sample could miss a mark)', () => {
    const { runs } = activeOf(40, []);
    for (const row of runs) expect(row).toEqual([[0, 40]]);
  });

  it('finds a stroke two pixels wide wherever it lies (the sample takes every other pixel)', () => {
    for (let x = 60; x < 64; x++) {
      const { runs } = activeOf(256, [{ x, y: 40, w: 2, h: 150, rgb: RED }]);
      for (let y = 40; y < 190; y++) {
        const row = runs[y] as [number, number][];
        expect(row.some(([lo, hi]) => lo <= x && x + 2 <= hi)).toBe(true);
      }
    }
  });

  it('leaves nothing outside it: the extraction keeps the ink and only the ink', () => {
    const size = 256;
    const px = image(size, [{ x: 60, y: 60, w: 120, h: 120, rgb: RED }]);
    // A ring of red ink 8 px wide (a seal's border is the frame the shape test keeps).
    for (let y = 60; y < 180; y++) {
      for (let x = 60; x < 180; x++) {
        if (x >= 68 && x < 172 && y >= 68 && y < 172) px.set([...PAPER, 255], (y * size + x) * 4);
      }
    }
    const out = extractSeal(px, size, size, { mode: 0, clarity: 'auto', red: 0 });
    let inkKept = 0;
    let elsewhere = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const inRing =
          x >= 60 && x < 180 && y >= 60 && y < 180 && !(x >= 68 && x < 172 && y >= 68 && y < 172);
        const a = out[(y * size + x) * 4 + 3] as number;
        if (inRing && a > 0) inkKept++;
        if (!inRing && a > 0) elsewhere++;
      }
    }
    expect(inkKept).toBe(120 * 120 - 104 * 104);
    expect(elsewhere).toBe(0);
  });
});
