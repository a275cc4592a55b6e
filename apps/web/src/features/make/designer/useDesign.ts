import {
  designFor,
  isClassicRound,
  SEAL_PRESETS,
  type SealDesign,
  type SealDesignOptions,
  type SealPresetId,
} from '@yinzhang/seal';
import { useMemo, useState } from 'react';

/** Options that belong to one preset's geometry and are dropped when the preset changes. */
const PER_PRESET: readonly (keyof SealDesignOptions)[] = [
  'widthMm',
  'heightMm',
  'borderMm',
  'starMm',
  'arcDeg',
];

export interface DesignState {
  preset: SealPresetId;
  design: SealDesign;
  /** The classic 42 mm round seal, drawn by the server as before the designer existed. */
  classic: boolean;
  /** A stable string of the design, for effects and caches. */
  key: string;
  choosePreset(preset: SealPresetId): void;
  change(options: SealDesignOptions): void;
  reset(): void;
}

/** The preset and the visitor's overrides; the resolved design comes from packages/seal. */
export function useDesign(): DesignState {
  const [preset, setPreset] = useState<SealPresetId>('official');
  const [options, setOptions] = useState<SealDesignOptions>({});
  const design = useMemo(() => designFor(preset, options), [preset, options]);
  const classic = preset === 'official' && isClassicRound(design);
  return {
    preset,
    design,
    classic,
    key: classic ? '' : JSON.stringify(design),
    choosePreset(next) {
      setPreset(next);
      setOptions((o) => {
        const kept = { ...o };
        for (const k of PER_PRESET) delete kept[k];
        return kept;
      });
    },
    change(change) {
      setOptions((o) => ({ ...o, ...change }));
    },
    reset() {
      setOptions({});
    },
  };
}

/** Every preset's own title, which a preset change may replace. */
export const PRESET_TITLES: ReadonlySet<string> = new Set(
  Object.values(SEAL_PRESETS).map((p) => p.title),
);
