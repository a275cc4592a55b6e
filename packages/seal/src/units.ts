/**
 * Branded units, so that millimetres on the physical seal, pixels on the canvas and angles cannot be
 * mixed up by accident. Arithmetic on them gives plain numbers; wrap results again at boundaries.
 */
declare const unit: unique symbol;

/** Millimetres on the physical seal. */
export type Mm = number & { readonly [unit]: 'mm' };
/** Canvas pixels. */
export type Px = number & { readonly [unit]: 'px' };
/** Canvas pixels per millimetre of the seal. */
export type PxPerMm = number & { readonly [unit]: 'px/mm' };
/** Radians, clockwise on the canvas (its y axis points down). */
export type Radians = number & { readonly [unit]: 'rad' };

export const mm = (n: number): Mm => n as Mm;
export const px = (n: number): Px => n as Px;
export const rad = (n: number): Radians => n as Radians;

export function degToRad(deg: number): Radians {
  return rad((deg * Math.PI) / 180);
}

export function radToDeg(r: Radians): number {
  return (r * 180) / Math.PI;
}

export function mmToPx(length: Mm, scale: PxPerMm): Px {
  return px(length * scale);
}

export function pxToMm(length: Px, scale: PxPerMm): Mm {
  return mm(length / scale);
}

/** A point in one unit; y grows downwards as on a canvas. */
export interface Point<U extends number = number> {
  readonly x: U;
  readonly y: U;
}

/** A convex quadrilateral (a glyph's rotated box), corners in order around it. */
export type Quad<U extends number = number> = readonly [Point<U>, Point<U>, Point<U>, Point<U>];
