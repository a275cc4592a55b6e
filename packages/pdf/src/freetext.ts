/**
 * FreeText annotations that other readers can show. pdf.js writes a typed note with an appearance
 * stream in Helvetica, which has no Chinese glyphs: poppler and Acrobat then draw nothing (issue
 * 18, item 5). Here each such appearance is drawn again with the text as filled glyph outlines
 * (read by the caller from the app's own Noto Serif SC files), which every reader renders alike
 * without any font. /Contents keeps the text itself, so it is still the note's text for search,
 * copy and screen readers. Notes in plain Latin-1 keep pdf.js's own appearance (real text).
 *
 * The change is one incremental update (document.ts): the viewer's other annotations, earlier
 * signatures and the encryption stay as they were.
 */
import {
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
} from '@libpdf/core';
import { openForUpdate, saveUpdate } from './document';
import { engineWork } from './engine-log';
import type { ExistingPdfWriteOptions } from './notices';

/** One glyph's outline as fontkit gives it: SVG path data in font units, y up. */
export interface GlyphOutline {
  readonly d: string;
  readonly advance: number;
  readonly unitsPerEm: number;
}

/** The outline of one character, or null when no font has it (it is then left as a gap). */
export type OutlineOf = (char: string) => Promise<GlyphOutline | null>;

/** pdf.js's FreeText line height, as a factor of the font size. */
export const LINE_FACTOR = 1.35;
/** pdf.js's inner padding of a FreeText box, in points. */
export const PADDING = 2;

/** True when `text` has a character Helvetica's WinAnsi encoding in pdf.js's appearance cannot show. */
export function needsOutlines(text: string): boolean {
  for (const char of text) if ((char.codePointAt(0) ?? 0) > 0xff) return true;
  return false;
}

/** Font size and fill colour from a /DA string ("/Helv 12 Tf 1 0 0 rg"); pdf.js's defaults otherwise. */
export function parseDefaultAppearance(da: string): {
  size: number;
  rgb: [number, number, number];
} {
  const size = /(-?[\d.]+)\s+Tf\b/.exec(da);
  const rgb = /(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+rg\b/.exec(da);
  const gray = /(-?[\d.]+)\s+g\b/.exec(da);
  const parsed = size ? Number(size[1]) : Number.NaN;
  const colour: [number, number, number] = rgb
    ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])]
    : gray
      ? [Number(gray[1]), Number(gray[1]), Number(gray[1])]
      : [0, 0, 0];
  return { size: parsed > 0 ? parsed : 10, rgb: colour };
}

const num = (v: number) => {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
};

/**
 * SVG path data (absolute M, L, Q, C, Z, as fontkit writes it) as PDF path operators. Quadratic
 * segments become the equivalent cubic ones, which PDF has.
 */
export function svgPathToPdf(d: string): string {
  const tokens = d.match(/[MLQCZ]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi) ?? [];
  const out: string[] = [];
  let i = 0;
  let cx = 0;
  let cy = 0;
  let command = '';
  const next = () => Number(tokens[i++]);
  while (i < tokens.length) {
    const token = tokens[i] as string;
    if (/^[MLQCZ]$/i.test(token)) {
      command = token.toUpperCase();
      i++;
      if (command === 'Z') {
        out.push('h');
        continue;
      }
    }
    if (command === 'M' || command === 'L') {
      cx = next();
      cy = next();
      out.push(`${num(cx)} ${num(cy)} ${command === 'M' ? 'm' : 'l'}`);
      if (command === 'M') command = 'L';
    } else if (command === 'Q') {
      const qx = next();
      const qy = next();
      const x = next();
      const y = next();
      const c1x = cx + (2 / 3) * (qx - cx);
      const c1y = cy + (2 / 3) * (qy - cy);
      const c2x = x + (2 / 3) * (qx - x);
      const c2y = y + (2 / 3) * (qy - y);
      out.push(`${num(c1x)} ${num(c1y)} ${num(c2x)} ${num(c2y)} ${num(x)} ${num(y)} c`);
      cx = x;
      cy = y;
    } else if (command === 'C') {
      const v = [next(), next(), next(), next(), next(), next()];
      out.push(`${v.map(num).join(' ')} c`);
      cx = v[4] as number;
      cy = v[5] as number;
    } else {
      throw new Error(`unexpected path data at ${JSON.stringify(token)}`);
    }
  }
  return out.join('\n');
}

/**
 * The appearance content of a note `width` x `height` points: each line of `text` from the top
 * left, pdf.js's padding and line height, every glyph a filled path.
 */
export async function outlinedText(
  text: string,
  box: { width: number; height: number; size: number; rgb: readonly [number, number, number] },
  outlineOf: OutlineOf,
): Promise<string> {
  const { height, size, rgb } = box;
  const ops = ['q', `${rgb.map(num).join(' ')} rg`];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (const [index, line] of lines.entries()) {
    // The first baseline sits one font size below the top padding (pdf.js puts it there too).
    const baseline = height - PADDING - size - index * size * LINE_FACTOR;
    let x = PADDING;
    for (const char of line) {
      const glyph = await outlineOf(char);
      if (!glyph) {
        x += size / 2;
        continue;
      }
      const scale = size / glyph.unitsPerEm;
      if (glyph.d) {
        ops.push(
          `q ${num(scale)} 0 0 ${num(scale)} ${num(x)} ${num(baseline)} cm`,
          svgPathToPdf(glyph.d),
          'f Q',
        );
      }
      x += glyph.advance * scale;
    }
  }
  ops.push('Q');
  return ops.join('\n');
}

/** pdf.js's appearance /Matrix for a note on a rotated page (its text box is turned with it). */
function rotationMatrix(rotate: number, width: number, height: number): number[] | null {
  switch (((rotate % 360) + 360) % 360) {
    case 90:
      return [0, 1, -1, 0, width, 0];
    case 180:
      return [-1, 0, 0, -1, width, height];
    case 270:
      return [0, -1, 1, 0, 0, height];
    default:
      return null;
  }
}

// The content is numbers and operators only.
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/**
 * Rewrites the appearance of every FreeText annotation whose text needs it (see needsOutlines).
 * Returns the input unchanged when there is none. `rewritten` counts the notes drawn again.
 */
export async function outlineFreeText(
  bytes: Uint8Array,
  outlineOf: OutlineOf,
  options: ExistingPdfWriteOptions = {},
): Promise<{ bytes: Uint8Array; rewritten: number }> {
  return engineWork(() => outlining(bytes, outlineOf, options));
}

async function outlining(
  bytes: Uint8Array,
  outlineOf: OutlineOf,
  options: ExistingPdfWriteOptions,
): Promise<{ bytes: Uint8Array; rewritten: number }> {
  const { pdf, info } = await openForUpdate(bytes, options);
  const resolve = (o: PdfObject | undefined) =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;
  let rewritten = 0;
  for (const page of pdf.getPages()) {
    const annots = resolve(page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (const item of annots.toArray()) {
      const annot = resolve(item);
      if (!(annot instanceof PdfDict)) continue;
      const subtype = annot.get('Subtype');
      if (!(subtype instanceof PdfName) || subtype.value !== 'FreeText') continue;
      const contents = resolve(annot.get('Contents'));
      const text = contents instanceof PdfString ? contents.asString() : '';
      if (!needsOutlines(text)) continue;
      const rect = resolve(annot.get('Rect'));
      if (!(rect instanceof PdfArray) || rect.length !== 4) continue;
      const [x1, y1, x2, y2] = rect.toArray().map((o) => {
        const v = resolve(o);
        return v instanceof PdfNumber ? v.value : 0;
      }) as [number, number, number, number];
      const da = resolve(annot.get('DA'));
      const { size, rgb } = parseDefaultAppearance(da instanceof PdfString ? da.asString() : '');
      const rotateObj = resolve(annot.get('Rotate'));
      const rotate = rotateObj instanceof PdfNumber ? rotateObj.value : 0;
      const w = Math.abs(x2 - x1);
      const h = Math.abs(y2 - y1);
      const matrix = rotationMatrix(rotate, w, h);
      // On a quarter turn the text runs along the rectangle's height.
      const [boxW, boxH] = matrix && rotate % 180 !== 0 ? [h, w] : [w, h];
      const content = await outlinedText(text, { width: boxW, height: boxH, size, rgb }, outlineOf);
      const entries: Record<string, PdfObject> = {
        Type: PdfName.of('XObject'),
        Subtype: PdfName.of('Form'),
        BBox: PdfArray.of(PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(boxW), PdfNumber.of(boxH)),
        Resources: new PdfDict(),
      };
      if (matrix) entries.Matrix = PdfArray.of(...matrix.map((v) => PdfNumber.of(v)));
      const stream = pdf.context.register(PdfStream.fromDict(entries, ascii(content)));
      annot.set('AP', PdfDict.of({ N: stream }));
      rewritten++;
    }
  }
  if (rewritten === 0) return { bytes, rewritten };
  return { bytes: await saveUpdate(pdf, info, options), rewritten };
}
