/**
 * Draws a designed seal in this browser with the seal package's plan and drawing, and the same
 * font files as every other seal. Loaded on first use, like seal/localSeal.ts.
 */
import '@fontsource/noto-serif-sc/700.css';
import '@fontsource/arimo/latin-700.css';
import {
  codeFont,
  drawDesignedSeal,
  planCharacters,
  planSeal,
  SEAL_CANVAS_PX,
  type SealDesign,
  type SealPlan,
  sealFont,
} from '@yinzhang/seal';
import type { SealInput } from '../api/seal';

/** The text a design draws: the square 名章 takes only the name. */
export function designInput(input: SealInput, design: SealDesign): SealInput {
  return design.shape === 'square' ? { name: input.name, title: '', code: '' } : input;
}

/** Loads exactly the font slices the plan needs; the text must never fall back to another font. */
export async function loadPlanFonts(plan: SealPlan): Promise<void> {
  const { seal, code } = planCharacters(plan);
  await Promise.all([
    seal ? document.fonts.load(sealFont(64), seal) : undefined,
    code ? document.fonts.load(codeFont(32), code) : undefined,
  ]);
  const ready =
    (!seal || document.fonts.check(sealFont(64), seal)) &&
    (!code || document.fonts.check(codeFont(32), code));
  if (!ready) throw new Error('The seal font could not be loaded');
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the seal'))),
      'image/png',
    );
  });
}

/** The designed seal as a square PNG with a transparent background, `sizePx` wide. */
export async function renderDesignedSeal(
  input: SealInput,
  design: SealDesign,
  sizePx: number = SEAL_CANVAS_PX,
): Promise<Blob> {
  const plan = planSeal(designInput(input, design), design, sizePx);
  await loadPlanFonts(plan);
  const canvas = document.createElement('canvas');
  canvas.width = sizePx;
  canvas.height = sizePx;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  drawDesignedSeal(ctx, plan, design);
  return toPng(canvas);
}
