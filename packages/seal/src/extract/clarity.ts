/**
 * Extraction modes, clarity ranges and the clarity key (`gray` on the wire, DESIGN §6-7).
 * The key is what the browser caches stamps by and what the server validates.
 */

/** 0 seal (red ink only, recoloured), 1 black-and-white (coloured ink only), 2 picture (everything but paper). */
export type ExtractMode = 0 | 1 | 2;
/**
 * Modes 1 and 2: 0 leave colours alone, 1 keep only red ink, 2 recolour what is kept to seal red.
 * Mode 0 (always seal red): 0 keeps the ink's own shading so the result looks stamped, 2 paints
 * one flat seal red (纯色).
 */
export type RedHandling = 0 | 1 | 2;

/** Clarity picked per image by the extractor (the default everywhere; DESIGN §6). */
export const AUTO_CLARITY = 'auto';
export type Clarity = number | typeof AUTO_CLARITY;

export interface ExtractOptions {
  mode: ExtractMode;
  /** Integer in CLARITY[mode].min..max (higher is a stricter cut), or 'auto'. */
  clarity: Clarity;
  red: RedHandling;
}

export interface ClarityRange {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/**
 * Clarity slider range per mode (SPEC §4). The mode 0 default is the level with the best mean
 * intersection-over-union on the synthetic photo set (bench/extract-quality.ts).
 */
export const CLARITY: Readonly<Record<ExtractMode, ClarityRange>> = {
  0: { min: 0, max: 3, default: 1 },
  1: { min: 0, max: 0, default: 0 },
  2: { min: 0, max: 19, default: 12 },
};

function isMode(v: unknown): v is ExtractMode {
  return v === 0 || v === 1 || v === 2;
}

/** Throws a RangeError naming the first bad field; returns the options unchanged when valid. */
export function assertExtractOptions(options: ExtractOptions): ExtractOptions {
  const { mode, clarity, red } = options;
  if (!isMode(mode)) throw new RangeError(`mode must be 0, 1 or 2 (got ${String(mode)})`);
  const range = CLARITY[mode];
  if (
    clarity !== AUTO_CLARITY &&
    (!Number.isInteger(clarity) || clarity < range.min || clarity > range.max)
  ) {
    throw new RangeError(
      `clarity for mode ${mode} must be "auto" or an integer in ${range.min}..${range.max} (got ${String(clarity)})`,
    );
  }
  if (red !== 0 && red !== 1 && red !== 2) {
    throw new RangeError(`red must be 0, 1 or 2 (got ${String(red)})`);
  }
  if (mode === 0 && red === 1) {
    throw new RangeError('red must be 0 (ink shading) or 2 (flat colour) in mode 0');
  }
  return options;
}

/**
 * `${mode}-${clarity}-${red}`, e.g. `0-1-0`, or `0-auto-0` for the automatic clarity. Throws a
 * RangeError on values outside the ranges.
 */
export function clarityKey(mode: ExtractMode, clarity: Clarity, red: RedHandling): string {
  assertExtractOptions({ mode, clarity, red });
  return `${mode}-${clarity}-${red}`;
}

const KEY_PATTERN = /^(\d)-(\d{1,2}|auto)-(\d)$/;

/** Parses and validates a clarity key; throws a RangeError saying what is wrong. */
export function parseClarityKey(key: string): ExtractOptions {
  const m = typeof key === 'string' ? KEY_PATTERN.exec(key) : null;
  if (!m) {
    throw new RangeError(
      `clarity key must look like "0-auto-0" or "0-1-0" (got ${JSON.stringify(key)})`,
    );
  }
  const options: ExtractOptions = {
    mode: Number(m[1]) as ExtractMode,
    clarity: m[2] === AUTO_CLARITY ? AUTO_CLARITY : Number(m[2]),
    red: Number(m[3]) as RedHandling,
  };
  assertExtractOptions(options);
  // Reject "0-01-0" and the like so that one setting has exactly one key (the cache key).
  if (clarityKey(options.mode, options.clarity, options.red) !== key) {
    throw new RangeError(`clarity key is not in canonical form (got ${JSON.stringify(key)})`);
  }
  return options;
}

/** Like parseClarityKey, but returns null instead of throwing (handy in schema refinements). */
export function tryParseClarityKey(key: string): ExtractOptions | null {
  try {
    return parseClarityKey(key);
  } catch {
    return null;
  }
}
