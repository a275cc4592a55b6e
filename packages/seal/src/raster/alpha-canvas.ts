import type { SealCanvasContext } from '../draw';
import { length } from '../geometry';
import { CoverageAccumulator } from './coverage';

/**
 * The part of the Canvas 2D API drawSeal uses, drawn into an alpha-only buffer: a one-colour seal
 * needs nothing but each pixel's alpha. Colours are accepted and ignored; the caller knows the ink.
 *
 * Why not @napi-rs/canvas on the server (issue 16, uncached /v1/stamp/create at 500 req/s):
 * measured on the 2-core dev machine, reading a 512x512 canvas back (getImageData or data()) cost
 * ~2.6 ms of CPU even for an empty canvas, more than drawing a whole seal here; Skia's fillText
 * looked every character up among ~100 font files and rasterised it afresh for each new size and
 * angle; the canvas's own PNG encoder took ~15 ms. Filling cached glyph outlines into this buffer
 * and encoding its alpha straight away costs a fraction of that (bench/sections/stamp.ts prints
 * the server's CPU per seal). The outlines are the same as Skia's; the anti-aliasing is exact
 * area coverage instead of Skia's supersampling, and unrotated glyphs are not hinted (fillText
 * snapped their horizontal stems to whole pixels): edge pixels differ a little, nothing else
 * (apps/server/test/seal-golden.test.ts compares the two).
 *
 * Supported: transforms, save/restore, paths of lines, quadratic and cubic curves and arcs, fill
 * (nonzero), stroke of a path that is one whole circle (the seal's border), fillRect, and the
 * 'destination-in' fillRect with which drawSeal sets the ink's alpha. Anything else throws
 * UnsupportedDrawing, and the caller draws with a real canvas instead.
 */
export class UnsupportedDrawing extends Error {
  override readonly name = 'UnsupportedDrawing';
}

type Matrix = [number, number, number, number, number, number];

interface State {
  matrix: Matrix;
  globalAlpha: number;
  globalCompositeOperation: string;
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  font: string;
  textAlign: string;
  textBaseline: string;
}

/**
 * Flattening tolerance in device pixels. Chords cut inside a convex curve, so this is also how
 * much coverage a curved edge can lose: 0.02 px is at most 5 of 255 levels (arcs are pushed out
 * by two thirds of it, see arcPoints).
 */
const TOLERANCE_PX = 0.02;

/** A whole circle in user space, as arc() was given it, for stroke(). */
interface Circle {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly matrix: Matrix;
}

export class AlphaCanvas implements SealCanvasContext {
  readonly width: number;
  readonly height: number;
  readonly #acc: CoverageAccumulator;
  #state: State = AlphaCanvas.#initial();
  readonly #stack: State[] = [];
  /** The current path, in device pixels; and the ring stroke() fills, reused likewise. */
  readonly #path = new PathBuffer();
  readonly #ring = new PathBuffer();
  /** Set while the path is exactly one whole circle. */
  #circle: Circle | null = null;
  /** The 8-bit alpha the 'destination-in' fill left to multiply every pixel by (255: none yet). */
  #keep = 255;
  /** True once 'destination-in' was applied: nothing may be drawn after it. */
  #kept = false;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.#acc = new CoverageAccumulator(width, height);
  }

  static #initial(): State {
    return {
      matrix: [1, 0, 0, 1, 0, 0],
      globalAlpha: 1,
      globalCompositeOperation: 'source-over',
      fillStyle: '#000',
      strokeStyle: '#000',
      lineWidth: 1,
      font: '10px sans-serif',
      textAlign: 'start',
      textBaseline: 'alphabetic',
    };
  }

  /** Transparent pixels, the default state and an empty path, as a new canvas. */
  reset(): void {
    this.#acc.clear();
    this.#keep = 255;
    this.#kept = false;
    this.#state = AlphaCanvas.#initial();
    this.#stack.length = 0;
    this.beginPath();
  }

  get fillStyle(): unknown {
    return this.#state.fillStyle;
  }
  set fillStyle(v: unknown) {
    this.#state.fillStyle = v;
  }
  get strokeStyle(): unknown {
    return this.#state.strokeStyle;
  }
  set strokeStyle(v: unknown) {
    this.#state.strokeStyle = v;
  }
  get lineWidth(): number {
    return this.#state.lineWidth;
  }
  set lineWidth(v: number) {
    if (Number.isFinite(v) && v > 0) this.#state.lineWidth = v;
  }
  get globalAlpha(): number {
    return this.#state.globalAlpha;
  }
  set globalAlpha(v: number) {
    if (Number.isFinite(v) && v >= 0 && v <= 1) this.#state.globalAlpha = v;
  }
  get globalCompositeOperation(): string {
    return this.#state.globalCompositeOperation;
  }
  set globalCompositeOperation(v: string) {
    this.#state.globalCompositeOperation = v;
  }
  get font(): string {
    return this.#state.font;
  }
  set font(v: string) {
    this.#state.font = v;
  }
  get textAlign(): string {
    return this.#state.textAlign;
  }
  set textAlign(v: string) {
    this.#state.textAlign = v;
  }
  get textBaseline(): string {
    return this.#state.textBaseline;
  }
  set textBaseline(v: string) {
    this.#state.textBaseline = v;
  }

  save(): void {
    this.#stack.push({ ...this.#state, matrix: [...this.#state.matrix] });
  }

  restore(): void {
    const s = this.#stack.pop();
    if (s) this.#state = s;
  }

  /** Post-multiplies the current transform, as the Canvas API does. */
  #transform(a: number, b: number, c: number, d: number, e: number, f: number): void {
    // Read by index: an array pattern takes an iterator on every call (measured: a sixth of a
    // seal's garbage came from these reads).
    const { 0: m0, 1: m1, 2: m2, 3: m3, 4: m4, 5: m5 } = this.#state.matrix;
    this.#state.matrix = [
      m0 * a + m2 * b,
      m1 * a + m3 * b,
      m0 * c + m2 * d,
      m1 * c + m3 * d,
      m0 * e + m2 * f + m4,
      m1 * e + m3 * f + m5,
    ];
  }

  translate(x: number, y: number): void {
    this.#transform(1, 0, 0, 1, x, y);
  }

  rotate(angle: number): void {
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    this.#transform(cos, sin, -sin, cos, 0, 0);
  }

  scale(x: number, y: number): void {
    this.#transform(x, 0, 0, y, 0, 0);
  }

  beginPath(): void {
    this.#path.clear();
    this.#circle = null;
  }

  #point(x: number, y: number): [number, number] {
    const { 0: a, 1: b, 2: c, 3: d, 4: e, 5: f } = this.#state.matrix;
    return [a * x + c * y + e, b * x + d * y + f];
  }

  moveTo(x: number, y: number): void {
    this.#circle = null;
    const { 0: a, 1: b, 2: c, 3: d, 4: e, 5: f } = this.#state.matrix;
    this.#path.start(a * x + c * y + e, b * x + d * y + f);
  }

  lineTo(x: number, y: number): void {
    this.#circle = null;
    if (this.#path.empty) {
      this.moveTo(x, y);
      return;
    }
    const { 0: a, 1: b, 2: c, 3: d, 4: e, 5: f } = this.#state.matrix;
    this.#path.push(a * x + c * y + e, b * x + d * y + f);
  }

  closePath(): void {
    // A new contour starts where this one started, as the Canvas API does.
    this.#path.restart();
  }

  quadraticCurveTo(cpx: number, cpy: number, x: number, y: number): void {
    const path = this.#path;
    if (path.empty) this.moveTo(cpx, cpy);
    const { 0: a, 1: b, 2: c, 3: d, 4: e, 5: f } = this.#state.matrix;
    const x0 = path.lastX;
    const y0 = path.lastY;
    const x1 = a * cpx + c * cpy + e;
    const y1 = b * cpx + d * cpy + f;
    const x2 = a * x + c * y + e;
    const y2 = b * x + d * y + f;
    // The error of n chords is at most |p0 - 2c + p2| / (8 n^2).
    const dd = length(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2);
    const n = Math.max(1, Math.ceil(Math.sqrt(dd / (8 * TOLERANCE_PX))));
    for (let i = 1; i <= n; i++) {
      const t = i / n;
      const u = 1 - t;
      path.push(u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2);
    }
    this.#circle = null;
  }

  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void {
    const path = this.#path;
    if (path.empty) this.moveTo(c1x, c1y);
    const { 0: a, 1: b, 2: c, 3: d, 4: e, 5: f } = this.#state.matrix;
    const x0 = path.lastX;
    const y0 = path.lastY;
    const x1 = a * c1x + c * c1y + e;
    const y1 = b * c1x + d * c1y + f;
    const x2 = a * c2x + c * c2y + e;
    const y2 = b * c2x + d * c2y + f;
    const x3 = a * x + c * y + e;
    const y3 = b * x + d * y + f;
    // The error of n chords is at most 3/4 * max second difference / n^2.
    const dd = Math.max(
      length(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2),
      length(x1 - 2 * x2 + x3, y1 - 2 * y2 + y3),
    );
    const n = Math.max(1, Math.ceil(Math.sqrt((0.75 * dd) / TOLERANCE_PX)));
    for (let i = 1; i <= n; i++) {
      const t = i / n;
      const u = 1 - t;
      const k0 = u * u * u;
      const k1 = 3 * u * u * t;
      const k2 = 3 * u * t * t;
      const k3 = t * t * t;
      path.push(k0 * x0 + k1 * x1 + k2 * x2 + k3 * x3, k0 * y0 + k1 * y1 + k2 * y2 + k3 * y3);
    }
    this.#circle = null;
  }

  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void {
    this.ellipse(x, y, radius, radius, 0, startAngle, endAngle);
  }

  ellipse(
    x: number,
    y: number,
    radiusX: number,
    radiusY: number,
    rotation: number,
    startAngle: number,
    endAngle: number,
  ): void {
    if (radiusX < 0 || radiusY < 0) throw new RangeError('negative radius');
    const whole = Math.abs(endAngle - startAngle) >= 2 * Math.PI;
    const wasEmpty = this.#path.empty;
    const sweep = whole ? 2 * Math.PI : endAngle - startAngle;
    if (!whole && sweep < 0) throw new UnsupportedDrawing('anticlockwise arcs are not supported');
    const m = this.#state.matrix;
    const scale = Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
    const n = arcSegments(Math.max(radiusX, radiusY) * scale, sweep);
    const cos = Math.cos(rotation);
    const sin = Math.sin(rotation);
    const out = outward(sweep / n);
    const at = (t: number): [number, number] => {
      const ex = radiusX * out * Math.cos(t);
      const ey = radiusY * out * Math.sin(t);
      return [x + ex * cos - ey * sin, y + ex * sin + ey * cos];
    };
    // The ends themselves lie on the curve.
    const sx = x + radiusX * Math.cos(startAngle) * cos - radiusY * Math.sin(startAngle) * sin;
    const sy = y + radiusX * Math.cos(startAngle) * sin + radiusY * Math.sin(startAngle) * cos;
    if (this.#path.empty) this.moveTo(sx, sy);
    else this.lineTo(sx, sy);
    for (let i = 1; i <= n; i++) {
      const [px, py] = at(startAngle + (sweep * i) / n);
      const [dx, dy] = this.#point(px, py);
      this.#path.push(dx, dy);
    }
    this.#circle =
      wasEmpty && whole && radiusX === radiusY && rotation === 0
        ? { x, y, r: radiusX, matrix: [...m] }
        : null;
  }

  fill(): void {
    this.#needSourceOver();
    this.#addShape(this.#path);
  }

  /** Only a path that is one whole circle: its ring is filled, as the stroke of a circle is. */
  stroke(): void {
    this.#needSourceOver();
    const circle = this.#circle;
    if (circle === null) throw new UnsupportedDrawing('only a whole circle can be stroked');
    const half = this.#state.lineWidth / 2;
    const saved = this.#state.matrix;
    this.#state.matrix = circle.matrix;
    const path = this.#ring;
    path.clear();
    const ring = (r: number, dir: 1 | -1) => {
      const n = arcSegments(
        r * Math.sqrt(Math.abs(saved[0] * saved[3] - saved[1] * saved[2])),
        2 * Math.PI,
      );
      const rv = r * outward((2 * Math.PI) / n);
      for (let i = 0; i < n; i++) {
        const t = (dir * 2 * Math.PI * i) / n;
        const [dx, dy] = this.#point(circle.x + rv * Math.cos(t), circle.y + rv * Math.sin(t));
        if (i === 0) path.start(dx, dy);
        else path.push(dx, dy);
      }
    };
    ring(circle.r + half, 1);
    if (circle.r > half) ring(circle.r - half, -1);
    this.#addShape(path);
    this.#state.matrix = saved;
  }

  fillRect(x: number, y: number, w: number, h: number): void {
    const op = this.#state.globalCompositeOperation;
    if (op === 'destination-in') {
      this.#destinationIn(x, y, w, h);
      return;
    }
    this.#needSourceOver();
    const m = this.#state.matrix;
    const path = this.#ring;
    path.clear();
    const corners = [x, y, x + w, y, x + w, y + h, x, y + h];
    for (let i = 0; i < 8; i += 2) {
      const cx = corners[i] as number;
      const cy = corners[i + 1] as number;
      const px = m[0] * cx + m[2] * cy + m[4];
      const py = m[1] * cx + m[3] * cy + m[5];
      if (i === 0) path.start(px, py);
      else path.push(px, py);
    }
    this.#addShape(path);
  }

  fillText(): void {
    throw new UnsupportedDrawing('text must be drawn as outlines');
  }

  /**
   * Keeps the ink only inside the rectangle, times the fill's alpha. Only an axis-aligned
   * rectangle on whole pixels covering the canvas is needed (drawSeal's last step).
   */
  #destinationIn(x: number, y: number, w: number, h: number): void {
    const m = this.#state.matrix;
    const identity =
      m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0;
    if (!identity || x > 0 || y > 0 || x + w < this.width || y + h < this.height) {
      throw new UnsupportedDrawing('destination-in only over the whole canvas');
    }
    const alpha = styleAlpha(this.#state.fillStyle) * this.#state.globalAlpha;
    // Applied when the pixels are read (alphaRows), in 8 bits as a canvas does.
    this.#keep = mulDiv255(this.#keep, Math.round(alpha * 255 + 1e-7));
    this.#kept = true;
  }

  #needSourceOver(): void {
    if (this.#kept) throw new UnsupportedDrawing('drawing after destination-in');
    if (this.#state.globalAlpha !== 1) throw new UnsupportedDrawing('globalAlpha below 1');
    if (this.#state.globalCompositeOperation !== 'source-over') {
      throw new UnsupportedDrawing(`${this.#state.globalCompositeOperation} is not supported`);
    }
  }

  /**
   * Adds one fill's contours to the accumulator, turned so that their signed area is positive.
   * All shapes then wind the same way, so where two overlap their winding numbers add up instead
   * of cancelling, and one accumulator holds the whole drawing: the union of opaque fills of one
   * colour, which is what source-over gives. A pixel where two shapes' edges cross is not exact:
   * it gets the mean winding number over its area, clamped to 1, so part of it covered twice
   * can make up for part not covered at all (the pixel comes out darker than the union's).
   */
  #addShape(path: PathBuffer): void {
    const pts = path.points;
    const count = path.contours;
    let area = 0;
    for (let k = 0; k < count; k++) {
      const from = path.contourStart(k);
      const to = path.contourEnd(k);
      for (let i = from; i < to; i += 2) {
        const j = i + 2 < to ? i + 2 : from;
        area +=
          (pts[i] as number) * (pts[j + 1] as number) - (pts[j] as number) * (pts[i + 1] as number);
      }
    }
    const sign = area < 0 ? -1 : 1;
    const acc = this.#acc;
    for (let k = 0; k < count; k++) {
      const from = path.contourStart(k);
      const to = path.contourEnd(k);
      if (to - from < 4) continue;
      for (let i = from + 2; i < to; i += 2) acc.edge(pts, i - 2, i, sign);
      // Every contour is filled as closed.
      acc.edge(pts, to - 2, from, sign);
    }
  }

  /**
   * The alpha of every pixel as 8-bit values, `rowPad` bytes before each row (a PNG's filter byte):
   * coverage rounded to 8 bits, then times the destination-in alpha, as a canvas storing 8-bit
   * pixels rounds them (a solid pixel of drawSeal's 0.9 is 230).
   *
   * `into` is overwritten and returned instead of a new array when given (of exactly that size):
   * a seal worker reuses one, since a fresh 256 KB per seal, hundreds a second, kept V8's
   * garbage collector busy (measured: 12% of a worker's time under load).
   */
  alphaRows(rowPad = 0, into?: Uint8Array): Uint8Array {
    const size = (this.width + rowPad) * this.height;
    if (into !== undefined && into.length !== size) throw new RangeError('wrong buffer size');
    const out = into?.fill(0) ?? new Uint8Array(size);
    const lut = new Uint8Array(256);
    for (let i = 0; i < 256; i++) lut[i] = mulDiv255(i, this.#keep);
    // Reading clears the drawing: an AlphaCanvas is read once per reset.
    this.#acc.resolve(out, rowPad, lut);
    return out;
  }
}

/**
 * A path's points in one growing Float64Array, reused from path to path: a seal's glyphs flatten
 * to tens of thousands of points, and plain arrays of them were most of a seal's garbage.
 */
class PathBuffer {
  points = new Float64Array(8192);
  #length = 0;
  /** Where each contour starts in `points`. */
  readonly #starts: number[] = [];

  get empty(): boolean {
    return this.#starts.length === 0;
  }
  get contours(): number {
    return this.#starts.length;
  }
  get lastX(): number {
    return this.points[this.#length - 2] as number;
  }
  get lastY(): number {
    return this.points[this.#length - 1] as number;
  }
  contourStart(k: number): number {
    return this.#starts[k] as number;
  }
  contourEnd(k: number): number {
    return k + 1 < this.#starts.length ? (this.#starts[k + 1] as number) : this.#length;
  }

  clear(): void {
    this.#length = 0;
    this.#starts.length = 0;
  }

  /** A new contour at (x, y). */
  start(x: number, y: number): void {
    this.#starts.push(this.#length);
    this.push(x, y);
  }

  /** A new contour at the first point of the current one (closePath). */
  restart(): void {
    const first = this.#starts.at(-1);
    if (first === undefined) return;
    this.start(this.points[first] as number, this.points[first + 1] as number);
  }

  push(x: number, y: number): void {
    if (this.#length + 2 > this.points.length) {
      const bigger = new Float64Array(this.points.length * 2);
      bigger.set(this.points);
      this.points = bigger;
    }
    this.points[this.#length++] = x;
    this.points[this.#length++] = y;
  }
}

/** a * b / 255, rounded, in integers (Skia's SkMulDiv255Round). */
function mulDiv255(a: number, b: number): number {
  const t = a * b + 128;
  return (t + (t >> 8)) >> 8;
}

/**
 * How far to push a regular polygon's vertices out (a factor of the radius) for chords of `step`
 * radians to lose no area on average: the chords' midpoints then sit a third of the sagitta
 * inside the curve and the vertices two thirds outside.
 */
function outward(step: number): number {
  return 1 + ((1 - Math.cos(step / 2)) * 2) / 3;
}

/** Chords for an arc of `sweep` radians on radius `r` px, each within TOLERANCE_PX of it. */
function arcSegments(r: number, sweep: number): number {
  if (r <= TOLERANCE_PX) return 4;
  const step = 2 * Math.acos(1 - TOLERANCE_PX / r);
  return Math.max(4, Math.ceil(Math.abs(sweep) / step));
}

/** The alpha a CSS colour string gives (rgba(), hsla(), #rrggbbaa); 1 for anything opaque. */
function styleAlpha(style: unknown): number {
  if (typeof style !== 'string') throw new UnsupportedDrawing('only colour strings are supported');
  const fn = /^(?:rgba?|hsla?)\(([^)]*)\)$/i.exec(style.trim());
  if (fn) {
    const parts = (fn[1] as string).split(/[\s,/]+/).filter(Boolean);
    if (parts.length < 4) return 1;
    const a = parts[3] as string;
    const v = a.endsWith('%') ? Number.parseFloat(a) / 100 : Number.parseFloat(a);
    if (!Number.isFinite(v)) throw new UnsupportedDrawing(`unreadable colour ${style}`);
    return Math.min(1, Math.max(0, v));
  }
  const hex = /^#([0-9a-f]{8})$/i.exec(style.trim());
  if (hex) return Number.parseInt((hex[1] as string).slice(6), 16) / 255;
  return 1;
}
