import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { AlphaCanvas, drawSeal, layoutSeal, UnsupportedDrawing } from '../src/index';
import { CoverageAccumulator } from '../src/raster/coverage';

const SIZE = 64;

function draw(f: (c: AlphaCanvas) => void, size = SIZE): Uint8Array {
  const c = new AlphaCanvas(size, size);
  f(c);
  return c.alphaRows(0);
}

const sum = (a: Uint8Array) => a.reduce((s, v) => s + v, 0);
const at = (a: Uint8Array, x: number, y: number, size = SIZE) => a[y * size + x];

describe('AlphaCanvas coverage', () => {
  it.each([
    // [what, drawing, [x, y, expected 8-bit coverage] ...]
    {
      what: 'a rectangle on whole pixels',
      paint: (c: AlphaCanvas) => c.fillRect(10, 10, 20, 5),
      expect: [
        [10, 10, 255],
        [29, 14, 255],
        [9, 10, 0],
        [30, 10, 0],
        [10, 15, 0],
      ],
    },
    {
      what: 'a rectangle on half and quarter pixels',
      paint: (c: AlphaCanvas) => c.fillRect(10.5, 10.25, 20, 20),
      expect: [
        [10, 10, 96], // 0.5 x 0.75
        [11, 10, 191], // 0.75
        [10, 11, 128], // 0.5
        [11, 11, 255],
        [30, 30, 32], // 0.5 x 0.25
      ],
    },
    {
      what: 'a triangle: half of each pixel its diagonal crosses',
      paint: (c: AlphaCanvas) => {
        c.beginPath();
        c.moveTo(0, 0);
        c.lineTo(32, 32);
        c.lineTo(0, 32);
        c.closePath();
        c.fill();
      },
      expect: [
        [5, 5, 128],
        [20, 20, 128],
        [4, 5, 255],
        [6, 5, 0],
      ],
    },
    {
      what: 'a square with a reversed square inside: a hole (nonzero)',
      paint: (c: AlphaCanvas) => {
        c.beginPath();
        c.moveTo(8, 8);
        c.lineTo(56, 8);
        c.lineTo(56, 56);
        c.lineTo(8, 56);
        c.closePath();
        c.moveTo(20, 20);
        c.lineTo(20, 44);
        c.lineTo(44, 44);
        c.lineTo(44, 20);
        c.closePath();
        c.fill();
      },
      expect: [
        [10, 10, 255],
        [32, 32, 0],
        [19, 32, 255],
        [20, 32, 0],
      ],
    },
    {
      what: 'two overlapping squares wound opposite ways: their union, not a hole',
      paint: (c: AlphaCanvas) => {
        c.beginPath();
        c.moveTo(8, 8);
        c.lineTo(40, 8);
        c.lineTo(40, 40);
        c.lineTo(8, 40);
        c.fill();
        c.beginPath();
        c.moveTo(24, 24);
        c.lineTo(24, 56);
        c.lineTo(56, 56);
        c.lineTo(56, 24);
        c.fill();
      },
      expect: [
        [30, 30, 255],
        [10, 10, 255],
        [50, 50, 255],
        [50, 10, 0],
      ],
    },
    {
      what: 'transforms: a unit square scaled, rotated a quarter turn and moved',
      paint: (c: AlphaCanvas) => {
        c.translate(40, 10);
        c.rotate(Math.PI / 2);
        c.scale(20, 10);
        c.fillRect(0, 0, 1, 1);
      },
      // x from 30 to 40, y from 10 to 30
      expect: [
        [30, 10, 255],
        [39, 29, 255],
        [29, 20, 0],
        [40, 20, 0],
        [35, 30, 0],
      ],
    },
  ])('$what', ({ paint, expect: points }) => {
    const a = draw(paint);
    for (const [x, y, v] of points as [number, number, number][]) {
      expect(
        Math.abs((at(a, x, y) as number) - v),
        `pixel ${x},${y} is ${at(a, x, y)}, not ${v}`,
      ).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    { what: 'a filled circle', r: 20, width: 0, area: Math.PI * 400 },
    { what: 'a stroked circle (a ring)', r: 20, width: 6, area: 2 * Math.PI * 20 * 6 },
    { what: 'a small stroked circle', r: 5, width: 2, area: 2 * Math.PI * 5 * 2 },
  ])('$what covers its area to within half a percent', ({ r, width, area }) => {
    const a = draw((c) => {
      c.beginPath();
      c.arc(32.3, 31.7, r, 0, 2 * Math.PI);
      if (width > 0) {
        c.lineWidth = width;
        c.stroke();
      } else c.fill();
    });
    expect(Math.abs(sum(a) / 255 - area) / area).toBeLessThan(0.005);
  });

  it('quadratic and cubic curves follow the curve (a circle drawn as four cubics)', () => {
    const k = 0.5522847498 * 20;
    const a = draw((c) => {
      c.translate(32, 32);
      c.beginPath();
      c.moveTo(20, 0);
      c.bezierCurveTo(20, k, k, 20, 0, 20);
      c.bezierCurveTo(-k, 20, -20, k, -20, 0);
      c.bezierCurveTo(-20, -k, -k, -20, 0, -20);
      c.quadraticCurveTo(20, -20, 20, 0);
      c.fill();
    });
    // Three quarter circles, and a quadratic corner: a triangle of 200 plus 2/3 of the triangle
    // its control point makes with its ends.
    const expected = 0.75 * Math.PI * 400 + 200 + (2 / 3) * 200;
    expect(Math.abs(sum(a) / 255 - expected) / expected).toBeLessThan(0.002);
  });

  it("sets the ink's alpha with destination-in over the whole canvas, in 8 bits as a canvas does", () => {
    const a = draw((c) => {
      c.fillRect(0, 0, 32, 64);
      c.fillRect(32.5, 0, 1, 64);
      c.globalCompositeOperation = 'destination-in';
      c.fillStyle = 'rgba(0, 0, 0, 0.9)';
      c.fillRect(0, 0, SIZE, SIZE);
    });
    expect(at(a, 0, 0)).toBe(230);
    expect(at(a, 32, 0)).toBe(115); // 128 x 230 / 255
    expect(at(a, 40, 0)).toBe(0);
  });

  it('starts over on reset', () => {
    const c = new AlphaCanvas(SIZE, SIZE);
    c.fillRect(0, 0, 10, 10);
    c.reset();
    c.fillRect(20, 20, 10, 10);
    const a = c.alphaRows(0);
    expect(at(a, 5, 5)).toBe(0);
    expect(at(a, 25, 25)).toBe(255);
  });

  it('lays rows out with room for a filter byte before each', () => {
    const c = new AlphaCanvas(4, 2);
    c.fillRect(0, 0, 4, 2);
    expect([...c.alphaRows(1)]).toEqual([0, 255, 255, 255, 255, 0, 255, 255, 255, 255]);
  });

  it('writes into a buffer it is given, clearing what was there', () => {
    const c = new AlphaCanvas(4, 2);
    const into = new Uint8Array(10).fill(7);
    c.fillRect(0, 0, 2, 2);
    expect(c.alphaRows(1, into)).toBe(into);
    expect([...into]).toEqual([0, 255, 255, 0, 0, 0, 255, 255, 0, 0]);
    expect(() => c.alphaRows(0, into)).toThrow(RangeError);
  });

  it('keeps shapes that stick out of the canvas inside it', () => {
    const a = draw((c) => c.fillRect(-100, -100, 110, 1000));
    expect(at(a, 0, 0)).toBe(255);
    expect(at(a, 9, 63)).toBe(255);
    expect(at(a, 10, 10)).toBe(0);
  });

  it.each([
    { what: 'text', paint: (c: AlphaCanvas) => c.fillText() },
    {
      what: 'a stroke that is not a whole circle',
      paint: (c: AlphaCanvas) => {
        c.moveTo(0, 0);
        c.lineTo(10, 10);
        c.stroke();
      },
    },
    {
      what: 'a translucent fill',
      paint: (c: AlphaCanvas) => {
        c.globalAlpha = 0.5;
        c.fillRect(0, 0, 1, 1);
      },
    },
    {
      what: 'drawing after destination-in',
      paint: (c: AlphaCanvas) => {
        c.globalCompositeOperation = 'destination-in';
        c.fillRect(0, 0, SIZE, SIZE);
        c.globalCompositeOperation = 'source-over';
        c.fillRect(0, 0, 1, 1);
      },
    },
    {
      what: 'destination-in over part of the canvas',
      paint: (c: AlphaCanvas) => {
        c.globalCompositeOperation = 'destination-in';
        c.fillRect(0, 0, 10, 10);
      },
    },
  ])('refuses what it does not draw: $what', ({ paint }) => {
    expect(() => draw(paint)).toThrow(UnsupportedDrawing);
  });
});

describe('AlphaCanvas against Skia', () => {
  it("draws drawSeal's border and star as @napi-rs/canvas does, but for anti-aliasing", () => {
    // Glyphs are drawn by the server from font outlines (apps/server: seal golden tests).
    const spec = { name: '章' };
    const noText = { paintGlyph: () => true, sizePx: 512 };
    const ac = new AlphaCanvas(512, 512);
    drawSeal(ac, spec, noText);
    const ours = ac.alphaRows(0);
    const ctx = createCanvas(512, 512).getContext('2d');
    drawSeal(ctx, spec, noText);
    const skia = ctx.getImageData(0, 0, 512, 512).data;
    let worst = 0;
    let inkOurs = 0;
    let inkSkia = 0;
    for (let i = 0; i < ours.length; i++) {
      const d = Math.abs((ours[i] as number) - (skia[i * 4 + 3] as number));
      worst = Math.max(worst, d);
      inkOurs += ours[i] as number;
      inkSkia += skia[i * 4 + 3] as number;
    }
    // Skia supersamples 4 ways per axis (steps of 1/16); exact area coverage differs from it by
    // less than a quarter of the ink at the very edge, and not at all inside.
    expect(worst).toBeLessThan(64);
    expect(Math.abs(inkOurs - inkSkia) / inkSkia).toBeLessThan(0.003);
    const l = layoutSeal(spec);
    expect(ours[Math.round(l.centre.y) * 512 + Math.round(l.centre.x)]).toBe(230);
  });
});

describe('CoverageAccumulator', () => {
  it('refuses a size that is not a positive integer', () => {
    expect(() => new CoverageAccumulator(0, 10)).toThrow(RangeError);
    expect(() => new CoverageAccumulator(10.5, 10)).toThrow(RangeError);
  });

  type Contour = readonly (readonly [number, number])[];

  /** Twice the signed area of a contour (shoelace). */
  function doubleArea(c: Contour): number {
    let a = 0;
    for (let k = 0; k < c.length; k++) {
      const [x0, y0] = c[k] as readonly [number, number];
      const [x1, y1] = c[(k + 1) % c.length] as readonly [number, number];
      a += x0 * y1 - x1 * y0;
    }
    return a;
  }

  /** A contour clipped to one side of an axis-aligned line (Sutherland-Hodgman). */
  function clip(c: Contour, axis: 0 | 1, at: number, keepBelow: boolean): Contour {
    const inside = (p: readonly [number, number]) => (keepBelow ? p[axis] <= at : p[axis] >= at);
    const out: [number, number][] = [];
    for (let k = 0; k < c.length; k++) {
      const p = c[k] as readonly [number, number];
      const q = c[(k + 1) % c.length] as readonly [number, number];
      if (inside(p)) out.push([p[0], p[1]]);
      if (inside(p) !== inside(q)) {
        const t = (at - p[axis]) / (q[axis] - p[axis]);
        out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
      }
    }
    return out;
  }

  /**
   * Exact coverage of each pixel by contours whose winding number is 0 or 1 everywhere: each
   * contour clipped to the pixel, signed areas summed. Independent of the accumulator's cells,
   * blocks and running sums.
   */
  function exactCoverage(contours: readonly Contour[], size: number): Float64Array {
    const sign = contours.reduce((a, c) => a + doubleArea(c), 0) < 0 ? -1 : 1;
    const out = new Float64Array(size * size);
    for (let py = 0; py < size; py++) {
      for (let px = 0; px < size; px++) {
        let area = 0;
        for (const c of contours) {
          let piece = clip(clip(c, 0, px, false), 0, px + 1, true);
          piece = clip(clip(piece, 1, py, false), 1, py + 1, true);
          if (piece.length >= 3) area += (sign * doubleArea(piece)) / 2;
        }
        out[py * size + px] = area;
      }
    }
    return out;
  }

  /** A ring of `n` points at radii between r and r + jitter, deterministic. */
  function jaggedRing(n: number, r: number, jitter: number, cx: number, cy: number): Contour {
    let state = 7;
    return Array.from({ length: n }, (_, k) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      const radius = r + (jitter * state) / 2147483648;
      const t = (k * 2 * Math.PI) / n;
      return [cx + radius * Math.cos(t), cy + radius * Math.sin(t)] as const;
    });
  }

  const square = (x: number, y: number, s: number, turn: number): Contour =>
    [
      [0, 0],
      [s, 0],
      [s, s],
      [0, s],
    ].map(([u, v]) => [
      x + (u as number) * Math.cos(turn) - (v as number) * Math.sin(turn),
      y + (u as number) * Math.sin(turn) + (v as number) * Math.cos(turn),
    ]);

  it.each([
    {
      what: 'a jagged ring of 90 edges at every slope',
      contours: [jaggedRing(90, 30, 14, 48.3, 47.6)],
    },
    {
      what: 'a turned square with a hole wound the other way',
      contours: [square(30.2, 3.7, 60.5, 0.3), [...square(40.1, 25.3, 25.2, 0.3)].reverse()],
    },
    {
      what: 'a sliver flatter than a pixel across most of a row',
      contours: [
        [
          [2.3, 40.2],
          [93.7, 41.1],
          [5.1, 40.9],
        ],
      ],
    },
  ] satisfies { what: string; contours: Contour[] }[])(
    'covers each pixel by its exact area, to 8 bits: $what',
    ({ contours }) => {
      const size = 96;
      const a = draw((c) => {
        c.beginPath();
        for (const contour of contours) {
          for (const [k, [x, y]] of contour.entries()) {
            if (k === 0) c.moveTo(x, y);
            else c.lineTo(x, y);
          }
          c.closePath();
        }
        c.fill();
      }, size);
      const exact = exactCoverage(contours, size);
      let worst = 0;
      for (let i = 0; i < a.length; i++) {
        worst = Math.max(worst, Math.abs((a[i] as number) / 255 - (exact[i] as number)));
      }
      // Rounding to 8 bits, and float32 cells.
      expect(worst).toBeLessThan(0.5 / 255 + 1e-4);
    },
  );

  it('draws the same after a reset, whatever was drawn before', () => {
    const c = new AlphaCanvas(80, 40);
    const paint = () => {
      c.beginPath();
      c.moveTo(3.3, 2.1);
      c.lineTo(77.2, 9.9);
      c.lineTo(40.5, 37.4);
      c.fill();
    };
    paint();
    const first = c.alphaRows(0).slice();
    c.reset();
    c.fillRect(0, 0, 80, 40);
    c.reset();
    paint();
    expect([...c.alphaRows(0)]).toEqual([...first]);
  });
});
