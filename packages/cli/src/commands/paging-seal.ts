import { DEFAULT_MAX_PAGES_PER_SEAL, DEFAULT_SEAL_MM } from '@yinzhang/pdf/defaults';
import { COMMON_HELP, type Command, kb, str } from '../command';
import { UsageError } from '../errors';
import { aboutFile, readInput, writeOutput } from '../files';
import { fraction, integer, millimetres, oneOf, required } from '../options';
import { TRUST_HELP, TRUST_OPTIONS, trustChoice } from '../trust';

export const pagingSealCommand: Command = {
  name: 'paging-seal',
  summary: 'put a paging seal (骑缝章) across the edges of all pages',
  help: `yinzhang paging-seal in.pdf --image seal.png [--edge right|left] [--y F] [--width NUMmm]
                      [--password P] [--decrypt] [--ignore-restrictions] [--force-rewrite] -o out.pdf

Cuts one seal into vertical strips, one per page, at the page edge: fanned out, the pages show
the whole seal. More pages than --max-pages start another seal.

  --image FILE        the seal image (PNG with a transparent background)
  --edge SIDE         right (default) or left
  --y F               the seal centre's height, a fraction of the page height (default 0.5)
  --width NUMmm       the printed seal width (default ${DEFAULT_SEAL_MM}mm)
  --max-pages N       pages per seal at most (default ${DEFAULT_MAX_PAGES_PER_SEAL})
  --first-share F     the first page's share of the seal width, 0 to 1 (default: equal strips)
${TRUST_HELP}

${COMMON_HELP}`,
  options: {
    image: { type: 'string' },
    edge: { type: 'string' },
    y: { type: 'string' },
    width: { type: 'string' },
    'max-pages': { type: 'string' },
    'first-share': { type: 'string' },
    ...TRUST_OPTIONS,
  },
  async run(args, report) {
    const output = required(str(args, 'output'), '--output');
    if (args.positionals.length !== 1) throw new UsageError('give exactly one input PDF');
    const input = args.positionals[0] as string;
    const widthText = str(args, 'width');
    const yText = str(args, 'y');
    const maxText = str(args, 'max-pages');
    const shareText = str(args, 'first-share');
    const share = shareText === undefined ? undefined : fraction(shareText, '--first-share');
    if (share === 0 || share === 1) throw new UsageError('--first-share must be between 0 and 1');
    const options = {
      edge: oneOf(str(args, 'edge'), ['right', 'left'] as const, 'right', '--edge'),
      y: yText === undefined ? 0.5 : fraction(yText, '--y'),
      widthMm: widthText === undefined ? DEFAULT_SEAL_MM : millimetres(widthText, '--width'),
      maxPagesPerSeal:
        maxText === undefined ? DEFAULT_MAX_PAGES_PER_SEAL : integer(maxText, '--max-pages', 1),
      firstPageShare: share,
    };
    const trust = trustChoice(args, report);
    const { pagingSeal } = await import('@yinzhang/pdf');
    const { loadImage } = await import('../images');
    const [bytes, image] = await Promise.all([
      readInput(input),
      loadImage(required(str(args, 'image'), '--image'), true),
    ]);
    // pagingSeal reads and checks the file before any drawing: a wrong password or a refusal is
    // reported before any work, without a read of our own.
    const out = await aboutFile(
      input,
      trust.guard(
        pagingSeal(bytes, {
          ...options,
          ...trust.options,
          image: image.bytes,
          onProgress: report.onProgress,
        }),
      ),
    );
    await writeOutput(output, out);
    report.note(`wrote ${output} (${kb(out.length)})`);
  },
};
