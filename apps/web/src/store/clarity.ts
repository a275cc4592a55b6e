/**
 * Clarity slider rules (SPEC §3-4), pure. Ranges and defaults come from the extraction kernel
 * (CLARITY), so the slider can never offer a level the server refuses.
 */
import {
  AUTO_CLARITY,
  CLARITY,
  clarityKey,
  type ExtractMode,
  type RedHandling,
} from '@yinzhang/seal/extract';

export type { ExtractMode, RedHandling } from '@yinzhang/seal/extract';

export const EXTRACT_MODES = [0, 1, 2] as const satisfies readonly ExtractMode[];
export const RED_CHOICES = [0, 1, 2] as const satisfies readonly RedHandling[];

/** One mode's slider: `step` moves toward max, `offset` (default 1) back toward min. */
export interface ClaritySetting {
  readonly min: number;
  readonly max: number;
  readonly val: number;
  readonly step: number;
  /** Red handling. Mode 0 (always seal red): 0 keeps the ink's shading, 2 is 纯色 (flat colour). */
  readonly red: RedHandling;
  /** Mode 0: the extractor picks the clarity per photo (the default); moving the slider turns it off. */
  readonly auto: boolean;
  readonly offset?: number;
}

export type ClaritySettings = Readonly<Record<ExtractMode, ClaritySetting>>;

export const DEFAULT_OFFSET = 1;

export function initialClarity(): ClaritySettings {
  const setting = (mode: ExtractMode): ClaritySetting => {
    const { min, max, default: val } = CLARITY[mode];
    // Only mode 0 picks its clarity per photo; modes 1 and 2 start at their calibrated level.
    return { min, max, val, step: 1, red: 0, auto: mode === 0 };
  };
  return { 0: setting(0), 1: setting(1), 2: { ...setting(2), offset: DEFAULT_OFFSET } };
}

/** The nearest whole level inside the range (NaN becomes min). */
export function clampClarity(setting: ClaritySetting, value: number): number {
  if (!Number.isFinite(value)) return setting.min;
  return Math.min(setting.max, Math.max(setting.min, Math.round(value)));
}

/** The level after one press of › (+1) or ‹ (-1). */
export function steppedClarity(setting: ClaritySetting, direction: 1 | -1): number {
  const delta = direction > 0 ? setting.step : -(setting.offset ?? DEFAULT_OFFSET);
  return clampClarity(setting, setting.val + delta);
}

export function canStep(setting: ClaritySetting, direction: 1 | -1): boolean {
  return steppedClarity(setting, direction) !== setting.val;
}

/**
 * The clarity key of a mode's current setting, `${mode}-${clarity}-${red}` (the `gray` field),
 * with `auto` for the clarity while the extractor picks it, e.g. `0-auto-0`.
 */
export function keyFor(mode: ExtractMode, settings: ClaritySettings): string {
  const { val, red, auto } = settings[mode];
  // Mode 0 knows red 0 (shading) and 2 (flat colour) only.
  const r = mode === 0 ? (red === 2 ? 2 : 0) : red;
  return clarityKey(mode, auto ? AUTO_CLARITY : val, r);
}
