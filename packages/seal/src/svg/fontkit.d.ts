// fontkit ships no types; this is the little the SVG export uses (test/fontkit.d.ts adds more).
declare module 'fontkit' {
  export interface Glyph {
    readonly advanceWidth: number;
    readonly path: {
      toSVG(): string;
      /** Path commands in font units (moveTo, lineTo, quadraticCurveTo, bezierCurveTo, closePath). */
      readonly commands: readonly { readonly command: string; readonly args: readonly number[] }[];
    };
  }
  export interface Font {
    readonly unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
  }
  export function create(buffer: Uint8Array): Font;
}
