import { stampAtText } from '../at-text';
import { COMMON_HELP, type Command, kb, pagesText, str } from '../command';
import { UsageError } from '../errors';
import { aboutFile, readInput, writeOutput } from '../files';
import { oneOf, PAGE_SELECTIONS, required } from '../options';
import {
  PLACEMENT_OPTIONS,
  pageIndex,
  pastTheEnd,
  placementFlags,
  placementHelp,
  placeOnPage,
} from '../placement-options';
import { TRUST_HELP, TRUST_OPTIONS, trustChoice } from '../trust';

export const stampCommand: Command = {
  name: 'stamp',
  summary: 'put a stamp image on one page or on every page of a PDF',
  help: `yinzhang stamp in.pdf --image stamp.png (--page N | --every-page) --x F --y F --width F|NUMmm
                [--rotate 0|90|180|270] [--password P] [--decrypt] [--ignore-restrictions]
                [--force-rewrite] -o out.pdf
       yinzhang stamp in.pdf --image stamp.png --at-text WORDS [--all-hits] --width F|NUMmm
                [--dx MM] [--dy MM] [--rotate 0|90|180|270] -o out.pdf

Places the image with its top-left corner at (x, y), as fractions of the page as displayed
(0,0 is the top-left corner, 1,1 the bottom-right). Its height follows the image's shape.
A stamp that runs past the bottom of its page continues on the next page.

  --image FILE        the stamp: PNG (transparency kept), JPEG, or another format sharp reads
${placementHelp('stamp', 'stamp')}
  --every-page        instead of --page: the same place on every page, measured from the
                      nearest page corner, at the same printed size on pages of other sizes
  --pages WHICH       with --every-page: all (default), skip-first, odd, even
  --at-text WORDS     关键字签章: centre the stamp on these words instead of --page/--x/--y;
                      spaces and full/half-width brackets and colons need not match exactly;
                      the first hit (stderr says which page, and how many there were)
  --all-hits          with --at-text: a stamp on every hit
  --dx MM, --dy MM    with --at-text: move the stamp right/down from the words' centre (mm;
                      negative: left/up)
${TRUST_HELP}

${COMMON_HELP}`,
  options: {
    image: { type: 'string' },
    ...PLACEMENT_OPTIONS,
    'every-page': { type: 'boolean', default: false },
    pages: { type: 'string' },
    'at-text': { type: 'string' },
    'all-hits': { type: 'boolean', default: false },
    dx: { type: 'string' },
    dy: { type: 'string' },
    ...TRUST_OPTIONS,
  },
  async run(args, report) {
    const output = required(str(args, 'output'), '--output');
    if (str(args, 'at-text') !== undefined) return stampAtText(args, report, output);
    for (const flag of ['all-hits', 'dx', 'dy'] as const) {
      const v = args.values[flag];
      if (v !== undefined && v !== false) throw new UsageError(`--${flag} goes with --at-text`);
    }
    if (args.positionals.length !== 1) throw new UsageError('give exactly one input PDF');
    const input = args.positionals[0] as string;
    const every = args.values['every-page'] === true;
    const pageText = str(args, 'page');
    if (every === (pageText !== undefined))
      throw new UsageError('give either --page N or --every-page');
    if (!every && str(args, 'pages') !== undefined)
      throw new UsageError('--pages goes with --every-page');
    const pages = oneOf(str(args, 'pages'), PAGE_SELECTIONS, 'all', '--pages');
    const flags = placementFlags(args);
    const index = every ? 0 : pageIndex(pageText as string);
    const trust = trustChoice(args, report);
    const imagePath = required(str(args, 'image'), '--image');
    const { stampPdf } = await import('@yinzhang/pdf');
    const { loadImage } = await import('../images');
    const [bytes, image] = await Promise.all([readInput(input), loadImage(imagePath, true)]);

    // The placement is made from the pages stampPdf reads (the height follows the image's shape
    // on the page it is measured on), so the file is read once.
    let pageCount = 0;
    const out = await aboutFile(
      input,
      trust.guard(
        stampPdf(bytes, {
          images: { stamp: image.bytes },
          placements: [],
          plan(info) {
            pageCount = info.pages.length;
            const page = info.pages[index];
            if (!page) throw new UsageError(pastTheEnd(index, input, pageCount));
            const placement = placeOnPage(flags, { index, page }, { id: 'stamp', ...image });
            return every ? { every: { placement, pages } } : { placements: [placement] };
          },
          ...trust.options,
          onProgress: report.onProgress,
        }),
      ),
    );
    await writeOutput(output, out);
    report.note(`wrote ${output} (${pagesText(pageCount)}, ${kb(out.length)})`);
  },
};
