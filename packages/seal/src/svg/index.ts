/// <reference path="./fontkit.d.ts" />
import { create, type Font } from 'fontkit';
import { SEAL_INK, type SealDesign } from '../design';
import { agingSpecks } from '../designer';
import type { SealOutline, SealPlan } from '../plan';

/**
 * SVG export: the same plan as the canvas drawing, with every glyph as a vector path read from the
 * same font files with fontkit (no text, no raster). Kept out of the main entry so that fontkit
 * loads only when an SVG is asked for.
 */

/** One font file of a family: the code points it holds (null: all) and how to read its bytes. */
export interface FontSource {
  readonly font: 'seal' | 'code';
  readonly ranges: readonly (readonly [number, number])[] | null;
  load(): Promise<Uint8Array>;
}

/** Parses a CSS unicode-range value ("U+4e00-4e3f, U+20??") into inclusive ranges. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const r = part.trim().replace(/^U\+/i, '');
    if (r.includes('?')) {
      return [
        Number.parseInt(r.replace(/\?/g, '0'), 16),
        Number.parseInt(r.replace(/\?/g, 'f'), 16),
      ];
    }
    const [lo, hi] = r.split('-');
    return [Number.parseInt(lo as string, 16), Number.parseInt(hi ?? (lo as string), 16)];
  });
}

interface Outline {
  readonly d: string;
  readonly advance: number;
  readonly unitsPerEm: number;
}

/** Reads glyph outlines from the sources, loading each file once and only when needed. */
export function glyphOutlines(sources: readonly FontSource[]) {
  const fonts = new Map<FontSource, Promise<Font>>();
  const open = (s: FontSource) => {
    let f = fonts.get(s);
    if (!f) {
      f = s.load().then((bytes) => create(bytes));
      fonts.set(s, f);
    }
    return f;
  };
  return async (font: 'seal' | 'code', char: string): Promise<Outline> => {
    const cp = char.codePointAt(0) ?? 0;
    const candidates = sources.filter(
      (s) => s.font === font && (!s.ranges || s.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)),
    );
    for (const source of candidates) {
      const f = await open(source);
      if (!f.hasGlyphForCodePoint(cp)) continue;
      const g = f.glyphForCodePoint(cp);
      return { d: g.path.toSVG(), advance: g.advanceWidth, unitsPerEm: f.unitsPerEm };
    }
    throw new Error(`no outline for ${JSON.stringify(char)} in the ${font} font`);
  };
}

const n = (v: number) => Number(v.toFixed(3)).toString();
/** Scale factors are small (font units to px): keep significant digits, not decimals. */
const sig = (v: number) => Number(v.toPrecision(6)).toString();

function outlineElement(cx: number, cy: number, o: SealOutline): string {
  if (o.kind === 'ellipse') {
    return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(o.rx)}" ry="${n(o.ry)}" stroke-width="${n(o.lineWidth)}"/>`;
  }
  return `<rect x="${n(cx - o.halfWidth)}" y="${n(cy - o.halfHeight)}" width="${n(2 * o.halfWidth)}" height="${n(2 * o.halfHeight)}" rx="${n(o.cornerRadius)}" stroke-width="${n(o.lineWidth)}"/>`;
}

/**
 * The seal as a standalone SVG document, `widthMm` x `widthMm` of paper (the whole square image,
 * margin included, like the PNG) with the canvas pixels as its user units.
 */
export async function sealSvg(
  plan: SealPlan,
  design: SealDesign,
  sources: readonly FontSource[],
  imageMm: number,
): Promise<string> {
  const outline = glyphOutlines(sources);
  const ink = SEAL_INK[design.colour];
  const size = plan.sizePx;
  const { x: cx, y: cy } = plan.centre;
  const glyphs: string[] = [];
  for (const run of plan.runs) {
    for (const g of run.glyphs) {
      const o = await outline(run.font, g.char);
      const f = run.fontSizePx / o.unitsPerEm;
      const deg = (g.angle * 180) / Math.PI;
      glyphs.push(
        `<path transform="translate(${n(g.x)} ${n(g.y)}) rotate(${n(deg)}) scale(${sig(g.hScale * f)} ${sig(-f)}) translate(${n(-o.advance / 2)} 0)" d="${o.d}"/>`,
      );
    }
  }
  const star = plan.star
    ? `<polygon points="${plan.star.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}"/>`
    : '';
  const specks = agingSpecks(design.seed, design.aging);
  const mask = specks.length
    ? `<defs><mask id="wear" maskUnits="userSpaceOnUse" x="0" y="0" width="${n(size)}" height="${n(size)}"><rect width="${n(size)}" height="${n(size)}" fill="#fff"/>${specks
        .map(
          (s) =>
            `<circle cx="${n(s.x * size)}" cy="${n(s.y * size)}" r="${n(s.r * size)}" fill="#000" fill-opacity="${n(s.alpha)}"/>`,
        )
        .join('')}</mask></defs>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(imageMm)}mm" height="${n(imageMm)}mm" viewBox="0 0 ${n(size)} ${n(size)}">`,
    mask,
    `<g opacity="${n(design.opacity)}"${specks.length ? ' mask="url(#wear)"' : ''}>`,
    `<g fill="none" stroke="${ink}">${plan.outlines.map((o) => outlineElement(cx, cy, o)).join('')}</g>`,
    `<g fill="${ink}">${star}${glyphs.join('')}</g>`,
    '</g></svg>',
  ].join('');
}
