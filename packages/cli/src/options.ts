/** Parsing option values: each function names the flag in its error. */
import type { Mm, PageSelection } from '@yinzhang/pdf';
import type { Rotation } from '@yinzhang/seal/placement';
import { UsageError } from './errors';

export function required<T>(value: T | undefined, flag: string): T {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required`);
  return value;
}

function number(value: string, flag: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n))
    throw new UsageError(`${flag} needs a number (got "${value}")`);
  return n;
}

/** A fraction of the displayed page, 0..1. */
export function fraction(value: string, flag: string): number {
  const n = number(value, flag);
  if (n < 0 || n > 1)
    throw new UsageError(`${flag} is a fraction of the page, 0 to 1 (got ${value})`);
  return n;
}

export function integer(value: string, flag: string, min: number): number {
  const n = number(value, flag);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`${flag} needs a whole number from ${min} (got ${value})`);
  return n;
}

const MM = /^(\d+(?:\.\d+)?)\s*mm$/i;

/** "42mm" (or a bare number) as millimetres. */
export function millimetres(value: string, flag: string): Mm {
  const m = MM.exec(value.trim());
  const n = m ? Number(m[1]) : number(value, flag);
  if (!(n > 0))
    throw new UsageError(`${flag} needs a positive size in mm, e.g. 42mm (got ${value})`);
  return n as Mm;
}

export type Width = { readonly mm: Mm } | { readonly fraction: number };

/** "0.2" (a fraction of the page width) or "42mm". */
export function width(value: string, flag: string): Width {
  if (MM.test(value.trim())) return { mm: millimetres(value, flag) };
  const n = number(value, flag);
  if (!(n > 0 && n <= 1)) {
    throw new UsageError(
      `${flag} is a fraction of the page width (0 to 1] or a size like 42mm (got ${value})`,
    );
  }
  return { fraction: n };
}

export function rotation(value: string | undefined, flag: string): Rotation {
  if (value === undefined) return 0;
  const n = Number(value);
  if (n !== 0 && n !== 90 && n !== 180 && n !== 270)
    throw new UsageError(`${flag} is 0, 90, 180 or 270 (got ${value})`);
  return n;
}

export function oneOf<T extends string>(
  value: string | undefined,
  choices: readonly T[],
  fallback: T,
  flag: string,
): T {
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(`${flag} is one of ${choices.join(', ')} (got ${value})`);
  }
  return value as T;
}

export const PAGE_SELECTIONS: readonly PageSelection[] = ['all', 'skip-first', 'odd', 'even'];
