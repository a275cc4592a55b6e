import { z } from 'zod';
import { charCount, LIMITS } from './limits';
import { hasNoControlChars, notTextMessage } from './schemas';
import { SEAL_MM, SEAL_SIZE_MM } from './spec';

/**
 * The seal designer's choices beyond name, title and code: shape, physical size, ink and the few
 * overrides a visitor may want. Presets follow common practice; `designFor` fills in every field,
 * so a name alone gives a correct seal for each preset.
 */

export type SealShape = 'round' | 'oval' | 'square';
export const SEAL_SHAPES: readonly SealShape[] = ['round', 'oval', 'square'];

export type SealColour = 'red' | 'blue' | 'black' | 'purple';
export const SEAL_COLOURS: readonly SealColour[] = ['red', 'blue', 'black', 'purple'];

/** Ink of each colour; red is the round seal's SEAL_RED. */
export const SEAL_INK: Readonly<Record<SealColour, string>> = {
  red: '#e60012',
  blue: '#0b3fb8',
  black: '#141414',
  purple: '#6a1b9a',
};

export type SealPresetId = 'official' | 'contract' | 'finance' | 'invoice' | 'personal';
export const SEAL_PRESET_IDS: readonly SealPresetId[] = [
  'official',
  'contract',
  'finance',
  'invoice',
  'personal',
];

export interface SealPreset {
  readonly shape: SealShape;
  readonly widthMm: number;
  readonly heightMm: number;
  /** The horizontal text a name alone gets (the title field's default). */
  readonly title: string;
}

/**
 * 公章 42 mm, 合同专用章 40 mm, 财务专用章 38 mm (round, star in the middle); 发票专用章 40x30 mm
 * oval with the taxpayer number across the middle; 名章 20 mm square.
 */
export const SEAL_PRESETS: Readonly<Record<SealPresetId, SealPreset>> = {
  official: { shape: 'round', widthMm: SEAL_SIZE_MM, heightMm: SEAL_SIZE_MM, title: '' },
  contract: { shape: 'round', widthMm: 40, heightMm: 40, title: '合同专用章' },
  finance: { shape: 'round', widthMm: 38, heightMm: 38, title: '财务专用章' },
  invoice: { shape: 'oval', widthMm: 40, heightMm: 30, title: '发票专用章' },
  personal: { shape: 'square', widthMm: 20, heightMm: 20, title: '' },
};

/** Every field drawn; see designFor for the defaults. Lengths in millimetres on paper. */
export interface SealDesign {
  readonly shape: SealShape;
  readonly widthMm: number;
  readonly heightMm: number;
  readonly colour: SealColour;
  /** Ink opacity, 0.1..1 (the round seal's 0.9 by default). */
  readonly opacity: number;
  readonly borderMm: number;
  /** A thin second line inside the border. */
  readonly doubleBorder: boolean;
  /** A thin ring between the name and the middle (round and oval). */
  readonly innerRing: boolean;
  /** Star tip to tip; 0 = no star. Round seals only. */
  readonly starMm: number;
  /** Multiplies the text's largest size (1 = the preset's). */
  readonly textScale: number;
  /** Extra room between the name's characters, in em (0 = the preset's). */
  readonly spacing: number;
  /** The name's arc in degrees, instead of the one its length gives (round and oval). */
  readonly arcDeg: number | null;
  /** Strength of the worn-ink texture, 0 (none) to 1. */
  readonly aging: number;
  /** The aging texture is a pure function of this seed. */
  readonly seed: number;
}

export const DESIGN_LIMITS = {
  sizeMm: { min: 10, max: 80 },
  opacity: { min: 0.1, max: 1 },
  borderMm: { min: 0.3, max: 3 },
  starMm: { min: 0, max: 24 },
  textScale: { min: 0.6, max: 1.3 },
  spacing: { min: 0, max: 0.6 },
  arcDeg: { min: 60, max: 300 },
  aging: { min: 0, max: 1 },
  /** 发票专用章: the taxpayer number (纳税人识别号) is up to 20 characters. */
  taxNumberMax: 20,
  /** 名章: two to four characters of name. */
  personalNameMin: 1,
  personalNameMax: 4,
} as const;

/** The default border width of a shape at a size: 1.2 mm at 42 mm round, 1 mm on the invoice oval. */
function defaultBorder(shape: SealShape, widthMm: number, heightMm: number): number {
  if (shape === 'round') return (SEAL_MM.borderWidth * widthMm) / SEAL_SIZE_MM;
  if (shape === 'oval') return (1 * Math.max(widthMm, heightMm)) / 40;
  return (1.2 * Math.max(widthMm, heightMm)) / 20;
}

export type SealDesignOptions = Partial<Omit<SealDesign, 'shape'>>;

/** The full design of a preset, with any options on top. Size options rescale the defaults. */
export function designFor(preset: SealPresetId, options: SealDesignOptions = {}): SealDesign {
  const p = SEAL_PRESETS[preset];
  let widthMm = options.widthMm ?? p.widthMm;
  let heightMm = options.heightMm ?? p.heightMm;
  // A size given for one side keeps the preset's proportions.
  if (options.widthMm !== undefined && options.heightMm === undefined) {
    heightMm = (p.heightMm * widthMm) / p.widthMm;
  } else if (options.heightMm !== undefined && options.widthMm === undefined) {
    widthMm = (p.widthMm * heightMm) / p.heightMm;
  }
  if (p.shape !== 'oval') heightMm = widthMm;
  return {
    shape: p.shape,
    widthMm,
    heightMm,
    colour: options.colour ?? 'red',
    opacity: options.opacity ?? 0.9,
    borderMm: options.borderMm ?? defaultBorder(p.shape, widthMm, heightMm),
    doubleBorder: options.doubleBorder ?? false,
    innerRing: options.innerRing ?? false,
    starMm:
      p.shape === 'round'
        ? (options.starMm ?? (2 * SEAL_MM.starRadius * widthMm) / SEAL_SIZE_MM)
        : 0,
    textScale: options.textScale ?? 1,
    spacing: options.spacing ?? 0,
    arcDeg: options.arcDeg ?? null,
    aging: options.aging ?? 0,
    seed: options.seed ?? 1,
  };
}

/** True when the design draws exactly the classic 42 mm round seal (drawSeal's own path). */
export function isClassicRound(d: SealDesign): boolean {
  const classic = designFor('official');
  return (Object.keys(classic) as (keyof SealDesign)[]).every((k) =>
    k === 'seed' ? true : d[k] === classic[k],
  );
}

/**
 * 名章: a personal name completed to four characters as custom has it (张三 → 张三之印, 张三丰 →
 * 张三丰印); a single character becomes three (李之印). Four characters stay as they are.
 */
export function completePersonalName(name: string): string {
  const chars = Array.from(name.trim());
  if (chars.length === 1 || chars.length === 2) return `${chars.join('')}之印`;
  if (chars.length === 3) return `${chars.join('')}印`;
  return chars.join('');
}

const range = (r: { min: number; max: number }) => z.number().min(r.min).max(r.max);

/** Designer options as the command line and the browser accept them. Unknown keys are stripped. */
export const ZSealDesignOptions = z.object({
  widthMm: range(DESIGN_LIMITS.sizeMm).optional(),
  heightMm: range(DESIGN_LIMITS.sizeMm).optional(),
  colour: z.enum(['red', 'blue', 'black', 'purple']).optional(),
  opacity: range(DESIGN_LIMITS.opacity).optional(),
  borderMm: range(DESIGN_LIMITS.borderMm).optional(),
  doubleBorder: z.boolean().optional(),
  innerRing: z.boolean().optional(),
  starMm: range(DESIGN_LIMITS.starMm).optional(),
  textScale: range(DESIGN_LIMITS.textScale).optional(),
  spacing: range(DESIGN_LIMITS.spacing).optional(),
  arcDeg: range(DESIGN_LIMITS.arcDeg).nullable().optional(),
  aging: range(DESIGN_LIMITS.aging).optional(),
  seed: z.number().int().min(0).max(0xffffffff).optional(),
});
export type TSealDesignOptions = z.infer<typeof ZSealDesignOptions>;

const textOf = (max: number, field: string) =>
  z
    .string()
    .trim()
    .refine(hasNoControlChars, notTextMessage(field))
    .refine(
      (s) => charCount(s) <= max,
      max === 0 ? `a square seal has no ${field}` : `${field} is at most ${max} characters`,
    );

/**
 * Name, title and code of a designed seal, by shape: the round seal's limits (SPEC §5); the oval's
 * code is the taxpayer number, up to 20 characters; the square 名章 takes a name of 1-4 characters
 * and nothing else.
 */
export function zDesignedSeal(shape: SealShape) {
  const codeMax = shape === 'oval' ? DESIGN_LIMITS.taxNumberMax : LIMITS.codeMax;
  const nameMax = shape === 'square' ? DESIGN_LIMITS.personalNameMax : LIMITS.nameMax;
  return z.object({
    name: textOf(nameMax, 'name').refine((s) => s.length > 0, 'name is required'),
    title: textOf(shape === 'square' ? 0 : LIMITS.titleMax, 'title').default(''),
    code: textOf(shape === 'square' ? 0 : codeMax, 'code')
      .refine((s) => /^[0-9A-Za-z]*$/.test(s), 'code may hold only digits and letters')
      .default(''),
  });
}
export type TDesignedSeal = z.infer<ReturnType<typeof zDesignedSeal>>;
