import { COMMON_HELP, type Command, kb, str } from '../command';
import { InputError } from '../errors';
import { writeOutput } from '../files';
import { required } from '../options';

export const sealCommand: Command = {
  name: 'seal',
  summary: 'make a round official seal (PNG) from a name',
  help: `yinzhang seal --name NAME [--title TITLE] [--code CODE] -o seal.png

Draws the 42 mm round official seal as a PNG with a transparent background: the same drawing,
at the same size, as the web site.

  --name NAME         the name along the top arc (1 to 30 characters)
  --title TITLE       the horizontal text under the star (up to 8 characters)
  --code CODE         the anti-fake code along the bottom (digits and letters, up to 18)
${COMMON_HELP}`,
  options: { name: { type: 'string' }, title: { type: 'string' }, code: { type: 'string' } },
  async run(args, report) {
    const output = required(str(args, 'output'), '--output');
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
    const png = await canvas.encode('png');
    await writeOutput(output, png);
    report.note(`wrote ${output} (${kb(png.length)})`);
  },
};
