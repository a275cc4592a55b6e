import type { SealGlyph } from './layout';
import { SEAL_CANVAS_PX } from './limits';
import { SEAL_MM } from './spec';
import type { Point, Px, PxPerMm } from './units';

/**
 * A designed seal as a drawing plan, for every shape: outlines, an optional star and runs of
 * glyphs, in canvas pixels on a square canvas of `sizePx` (the seal centred, its longer side
 * filling the canvas less the transparent margin). Pure, like layoutSeal.
 */

/** A stroked line round the centre: an ellipse (a circle when rx = ry) or a rounded rectangle. */
export type SealOutline =
  | { readonly kind: 'ellipse'; readonly rx: Px; readonly ry: Px; readonly lineWidth: Px }
  | {
      readonly kind: 'rect';
      readonly halfWidth: Px;
      readonly halfHeight: Px;
      readonly cornerRadius: Px;
      readonly lineWidth: Px;
    };

export interface SealPlanRun {
  readonly font: 'seal' | 'code';
  readonly fontSizePx: Px;
  readonly glyphs: readonly SealGlyph[];
}

/** Where text may go: inside this shape round the centre (already less the clearance). */
export type TextArea =
  | { readonly kind: 'ellipse'; readonly rx: Px; readonly ry: Px }
  | { readonly kind: 'rect'; readonly halfWidth: Px; readonly halfHeight: Px };

export interface SealPlan {
  readonly sizePx: Px;
  readonly pxPerMm: PxPerMm;
  readonly centre: Point<Px>;
  readonly widthMm: number;
  readonly heightMm: number;
  /** Outermost first. */
  readonly outlines: readonly SealOutline[];
  /** The star's ten corners, or null without a star. */
  readonly star: readonly Point<Px>[] | null;
  /** Name first, then the others (title, code / taxpayer number). */
  readonly runs: readonly SealPlanRun[];
  /** The inner edge of the innermost border line: text keeps its clearance from it. */
  readonly borderInner: TextArea;
}

/** Gap every glyph box keeps from the border's inner edge (the round seal's, in mm). */
export const TEXT_CLEARANCE_MM = SEAL_MM.borderClearance;

/** Canvas px per mm for a seal whose longer side is `longMm`. */
export function planScale(sizePx: number, longMm: number): PxPerMm {
  return ((sizePx * (1 - 2 * SEAL_MM.canvasMarginFraction)) / longMm) as PxPerMm;
}

/**
 * Width in mm of the whole square image of a seal whose longer side is `sealMm`: the seal plus the
 * transparent margin round it. Placing the image this wide prints the seal at its real size.
 */
export function sealImageMm(sealMm: number): number {
  return sealMm / (1 - 2 * SEAL_MM.canvasMarginFraction);
}

/** The double border's thin inner line, and the gap to it, for a border of `borderMm`. */
export function doubleLine(borderMm: number, scaleMm: number): { width: number; gap: number } {
  return { width: Math.max(0.25, borderMm * 0.35), gap: 0.5 * scaleMm };
}

export type PlanInput = {
  readonly name: string;
  readonly title?: string | undefined;
  readonly code?: string | undefined;
};

export const DEFAULT_PLAN_PX = SEAL_CANVAS_PX;
