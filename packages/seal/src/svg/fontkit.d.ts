// fontkit ships no types; this is the little the SVG export uses (test/fontkit.d.ts adds more).
declare module 'fontkit' {
  export interface Glyph {
    readonly advanceWidth: number;
    readonly path: { toSVG(): string };
  }
  export interface Font {
    readonly unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function create(buffer: Uint8Array): Font;
}
