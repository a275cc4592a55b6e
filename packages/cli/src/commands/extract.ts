import {
  AUTO_CLARITY,
  CLARITY,
  type Clarity,
  type ExtractMode,
  extractSeal,
  type RedHandling,
} from '@yinzhang/seal/extract';
import type { OutputInfo } from 'sharp';
import { COMMON_HELP, type Command, kb, str } from '../command';
import { InputError, UsageError } from '../errors';
import { readInput, writeOutput } from '../files';
import { integer, oneOf, required } from '../options';

/** The crop the web cropper hands to extraction is this many pixels on its longer side. */
const WORK_PX = 512;

export const extractCommand: Command = {
  name: 'extract',
  summary: 'cut a seal out of a photo of a paper stamp (PNG)',
  help: `yinzhang extract photo.jpg [--mode 0|1|2] [--clarity auto|N] [--red 0|1|2] [--flat] -o seal.png

Keeps the ink of a photographed stamp on a transparent background. The photo is turned by its
EXIF orientation and scaled to ${WORK_PX} px on its longer side, as the web cropper does.
Exits with 1 when the photo holds no seal.

  --mode 0|1|2        0 seal (red ink in seal red, with the ink's shading; default),
                      1 black and white, 2 picture
  --clarity auto|N    how strict the cut is: auto picks it per photo (default); by hand,
                      mode 0: ${CLARITY[0].min}-${CLARITY[0].max}, mode 2: ${CLARITY[2].min}-${CLARITY[2].max}
  --flat              mode 0: one flat seal red (纯色) instead of the ink's own shading
  --red 0|1|2         modes 1 and 2: 0 keep colours, 1 keep only red ink, 2 make it all seal red
${COMMON_HELP}`,
  options: {
    mode: { type: 'string' },
    clarity: { type: 'string' },
    red: { type: 'string' },
    flat: { type: 'boolean' },
  },
  async run(args, report) {
    const output = required(str(args, 'output'), '--output');
    if (args.positionals.length !== 1) throw new UsageError('give exactly one photo');
    const input = args.positionals[0] as string;
    const mode = Number(oneOf(str(args, 'mode'), ['0', '1', '2'], '0', '--mode')) as ExtractMode;
    const clarityText = str(args, 'clarity');
    const clarity: Clarity =
      clarityText === undefined || clarityText === AUTO_CLARITY
        ? AUTO_CLARITY
        : integer(clarityText, '--clarity', 0);
    const flat = args.values.flat === true;
    if (flat && mode !== 0)
      throw new UsageError('--flat is for --mode 0; use --red 2 in modes 1 and 2');
    if (mode === 0 && str(args, 'red') !== undefined) {
      throw new UsageError('--red is for modes 1 and 2; use --flat for one flat seal red');
    }
    const red = flat
      ? 2
      : (Number(oneOf(str(args, 'red'), ['0', '1', '2'], '0', '--red')) as RedHandling);
    const bytes = await readInput(input);
    const { default: sharp } = await import('sharp');
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await sharp(bytes)
        .rotate()
        .resize(WORK_PX, WORK_PX, { fit: 'inside' })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new InputError(`${input}: not an image that can be read (JPEG, PNG, WebP...)`);
    }
    const { width, height } = decoded.info;
    let rgba: Uint8ClampedArray;
    try {
      rgba = extractSeal(decoded.data, width, height, { mode, clarity, red });
    } catch (err) {
      // RangeErrors name the bad option (e.g. clarity out of range for the mode).
      throw new UsageError((err as Error).message);
    }
    if (!rgba.some((v, i) => i % 4 === 3 && v !== 0)) {
      throw new InputError(`${input}: no seal found (未找到印章); nothing written`);
    }
    const png = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
      raw: { width, height, channels: 4 },
    })
      .png()
      .toBuffer();
    await writeOutput(output, png);
    report.note(`wrote ${output} (${width}x${height}, ${kb(png.length)})`);
  },
};
