/**
 * The stamp the generated damaged-file tests put on page 1: a marked square over the centre fifth
 * of the page, where pdftoppm must show it red.
 */
import type { PageFraction } from '@yinzhang/seal/placement';
import type { Placement } from '../../src';
import { markedStamp } from './images';

const f = (n: number) => n as PageFraction;

export const centreStamp = markedStamp(160, 160);

/** Image name `s`, page 1, from 0.4 to 0.6 of the page each way. */
export const centrePlacement: Placement = {
  page: 0,
  image: 's',
  x: f(0.4),
  y: f(0.4),
  width: f(0.2),
  height: f(0.2),
  rotate: 0,
};

/** Bytes of a string of char codes below 256 (a PDF written as text). */
export const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
