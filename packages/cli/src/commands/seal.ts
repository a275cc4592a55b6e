import type { SealDesignOptions, SealPresetId } from '@yinzhang/seal';
import { COMMON_HELP, type Command, kb, type Parsed, str } from '../command';
import { InputError, UsageError } from '../errors';
import { writeOutput } from '../files';
import { integer, millimetres, oneOf, required } from '../options';

const SHAPES = ['round', 'oval', 'square'] as const;
const PRESETS = ['official', 'contract', 'finance', 'invoice', 'personal'] as const;
const COLOURS = ['red', 'blue', 'black', 'purple'] as const;
const FORMATS = ['png', 'svg'] as const;
const SHAPE_PRESET = { round: 'official', oval: 'invoice', square: 'personal' } as const;
/** PNG width when neither --px nor --dpi is given (SPEC §9). */
const PNG_PX = 512;

/** Flags that make a designed seal instead of the classic one (drawn as the site's server does). */
const DESIGN_FLAGS = [
  'shape',
  'preset',
  'size-mm',
  'color',
  'opacity',
  'border-mm',
  'double-border',
  'inner-ring',
  'star-mm',
  'text-scale',
  'spacing',
  'arc-deg',
  'aging',
  'seed',
  'format',
  'px',
  'dpi',
] as const;

function num(args: Parsed, key: string, min: number, max: number): number | undefined {
  const v = str(args, key);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`--${key} is a number from ${min} to ${max} (got ${v})`);
  }
  return n;
}

export const sealCommand: Command = {
  name: 'seal',
  summary: 'make a seal (PNG or SVG): round, oval invoice or square personal',
  help: `yinzhang seal --name NAME [--title TITLE] [--code CODE] [designer options] -o seal.png

Without designer options: the 42 mm round official seal as a 512 px PNG, the same drawing as the
web site's. With them, the seal designer:

  --name NAME         the name (round/oval: 1 to 30 characters; square: 1 to 4, completed
                      with 之印 / 印)
  --title TITLE       the horizontal text (up to 8 characters; defaults to the preset's,
                      e.g. 合同专用章; give --title "" for none)
  --code CODE         round: anti-fake code along the bottom (up to 18 digits and letters);
                      oval: taxpayer number across the middle (up to 20)
  --shape SHAPE       round, oval or square (default round)
  --preset PRESET     official (42 mm), contract (40 mm, 合同专用章), finance (38 mm, 财务专用章),
                      invoice (oval 40x30 mm, 发票专用章), personal (square 20 mm 名章)
  --size-mm N         the seal's width in mm (the oval keeps its proportions)
  --color COLOUR      red, blue, black or purple (default red)
  --opacity N         ink opacity 0.1 to 1 (default 0.9)
  --border-mm N       border width in mm
  --double-border     a thin second line inside the border
  --inner-ring        a thin ring inside the name (round and oval)
  --star-mm N         star size tip to tip in mm; 0 for no star (round)
  --text-scale N      text size, 0.6 to 1.3 times the preset's
  --spacing N         extra room between the name's characters, 0 to 0.6 em
  --arc-deg N         the name's arc in degrees, 60 to 300 (round and oval)
  --aging N           worn-ink texture strength 0 to 1 (default 0: none)
  --seed N            the texture's seed (the same seed wears the same way)
  --format FORMAT     png or svg (default png; SVG text is vector paths)
  --px N              PNG size in pixels (default ${PNG_PX})
  --dpi N             PNG size from a print resolution instead, e.g. 600
${COMMON_HELP}`,
  options: {
    name: { type: 'string' },
    title: { type: 'string' },
    code: { type: 'string' },
    shape: { type: 'string' },
    preset: { type: 'string' },
    'size-mm': { type: 'string' },
    color: { type: 'string' },
    opacity: { type: 'string' },
    'border-mm': { type: 'string' },
    'double-border': { type: 'boolean' },
    'inner-ring': { type: 'boolean' },
    'star-mm': { type: 'string' },
    'text-scale': { type: 'string' },
    spacing: { type: 'string' },
    'arc-deg': { type: 'string' },
    aging: { type: 'string' },
    seed: { type: 'string' },
    format: { type: 'string' },
    px: { type: 'string' },
    dpi: { type: 'string' },
  },
  async run(args, report) {
    const output = required(str(args, 'output'), '--output');
    const designed = DESIGN_FLAGS.some((f) => args.values[f] !== undefined);
    const bytes = designed ? await runDesigned(args) : await runClassic(args);
    await writeOutput(output, bytes);
    report.note(`wrote ${output} (${kb(bytes.length)})`);
  },
};

/** The classic round seal, exactly as before the designer existed. */
async function runClassic(args: Parsed): Promise<Uint8Array> {
  // Loaded here so that --help and usage errors stay quick.
  const { drawSeal, SEAL_CANVAS_PX, ZCreateSeal } = await import('@yinzhang/seal');
  const { createCanvas } = await import('@napi-rs/canvas');
  const { registerSealFonts } = await import('../fonts');
  const parsed = ZCreateSeal.safeParse({
    name: required(str(args, 'name'), '--name'),
    title: str(args, 'title'),
    code: str(args, 'code'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`--${String(issue?.path[0] ?? 'name')}: ${issue?.message ?? 'invalid'}`);
  }
  registerSealFonts();
  const canvas = createCanvas(SEAL_CANVAS_PX, SEAL_CANVAS_PX);
  const ctx = canvas.getContext('2d');
  // The host's language would otherwise steer which registered face wins for shared code points.
  ctx.lang = 'zh-CN';
  drawSeal(ctx, parsed.data, { sizePx: SEAL_CANVAS_PX });
  return canvas.encode('png');
}

async function runDesigned(args: Parsed): Promise<Uint8Array> {
  const name = required(str(args, 'name'), '--name');
  const shapeFlag = str(args, 'shape');
  const presetFlag = str(args, 'preset');
  const shape = oneOf(shapeFlag, SHAPES, 'round', '--shape');
  const preset: SealPresetId = oneOf(presetFlag, PRESETS, SHAPE_PRESET[shape], '--preset');
  const { designFor, DESIGN_LIMITS, isClassicRound, SEAL_PRESETS, sealImageMm, zDesignedSeal } =
    await import('@yinzhang/seal');
  if (shapeFlag !== undefined && SEAL_PRESETS[preset].shape !== shape) {
    throw new UsageError(`--preset ${preset} is not a ${shape} seal`);
  }
  const L = DESIGN_LIMITS;
  const sizeFlag = str(args, 'size-mm');
  const options: SealDesignOptions = {
    colour: oneOf(str(args, 'color'), COLOURS, 'red', '--color'),
  };
  if (sizeFlag !== undefined) {
    const size = millimetres(sizeFlag, '--size-mm');
    if (size < L.sizeMm.min || size > L.sizeMm.max) {
      throw new UsageError(`--size-mm is from ${L.sizeMm.min} to ${L.sizeMm.max} mm`);
    }
    Object.assign(options, { widthMm: size });
  }
  const set = (key: keyof SealDesignOptions, flag: string, r: { min: number; max: number }) => {
    const v = num(args, flag, r.min, r.max);
    if (v !== undefined) Object.assign(options, { [key]: v });
  };
  set('opacity', 'opacity', L.opacity);
  set('borderMm', 'border-mm', L.borderMm);
  set('starMm', 'star-mm', L.starMm);
  set('textScale', 'text-scale', L.textScale);
  set('spacing', 'spacing', L.spacing);
  set('arcDeg', 'arc-deg', L.arcDeg);
  set('aging', 'aging', L.aging);
  if (str(args, 'seed') !== undefined) {
    Object.assign(options, { seed: integer(str(args, 'seed') as string, '--seed', 0) });
  }
  if (args.values['double-border'] === true) Object.assign(options, { doubleBorder: true });
  if (args.values['inner-ring'] === true) Object.assign(options, { innerRing: true });
  const design = designFor(preset, options);

  const parsed = zDesignedSeal(design.shape).safeParse({
    name,
    title: str(args, 'title') ?? SEAL_PRESETS[preset].title,
    code: str(args, 'code') ?? '',
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`--${String(issue?.path[0] ?? 'name')}: ${issue?.message ?? 'invalid'}`);
  }
  const format = oneOf(str(args, 'format'), FORMATS, 'png', '--format');
  const pxFlag = str(args, 'px');
  const dpiFlag = str(args, 'dpi');
  if (pxFlag !== undefined && dpiFlag !== undefined) {
    throw new UsageError('give --px or --dpi, not both');
  }
  const imageMm = sealImageMm(Math.max(design.widthMm, design.heightMm));
  const sizePx =
    pxFlag !== undefined
      ? integer(pxFlag, '--px', 64)
      : dpiFlag !== undefined
        ? Math.round((imageMm / 25.4) * integer(dpiFlag, '--dpi', 72))
        : PNG_PX;
  if (sizePx > 8192) throw new UsageError('the image would be more than 8192 px wide');
  // Options that come to the classic seal draw it the classic way, byte for byte.
  if (format === 'png' && sizePx === PNG_PX && isClassicRound(design)) return runClassic(args);
  const { designedPng, designedSvg } = await import('./seal-render');
  if (format === 'svg') {
    return new TextEncoder().encode(await designedSvg(parsed.data, design, PNG_PX));
  }
  return designedPng(parsed.data, design, sizePx);
}
