import type { Mm } from '@yinzhang/pdf';
import { COMMON_HELP, type Command, kb, pagesText, str } from '../command';
import { UsageError } from '../errors';
import { writeOutput } from '../files';
import { millimetres, oneOf, required } from '../options';

export const img2pdfCommand: Command = {
  name: 'img2pdf',
  summary: 'make a PDF with one page per image',
  help: `yinzhang img2pdf a.jpg b.png ... [--page-size a4|letter|fit] -o out.pdf

One page per image, in the order given, each image scaled to fit and centred. JPEGs go in as
they are (no re-encoding) and are shown the way their EXIF orientation says.

  --page-size SIZE    a4 (default), letter, or fit (the page takes the image's size)
  --orientation O     auto (default: turn each page to its image), portrait, landscape
  --margin NUMmm      space around each image (default 0mm)
${COMMON_HELP}`,
  options: {
    'page-size': { type: 'string' },
    orientation: { type: 'string' },
    margin: { type: 'string' },
  },
  async run(args, report) {
    const output = required(str(args, 'output'), '--output');
    if (args.positionals.length < 1) throw new UsageError('give the images to put in the PDF');
    const pageSize = oneOf(
      str(args, 'page-size'),
      ['a4', 'letter', 'fit'] as const,
      'a4',
      '--page-size',
    );
    const orientation = oneOf(
      str(args, 'orientation'),
      ['auto', 'portrait', 'landscape'] as const,
      'auto',
      '--orientation',
    );
    const marginText = str(args, 'margin');
    const marginMm: Mm =
      marginText === undefined || /^0+(mm)?$/.test(marginText)
        ? (0 as Mm)
        : millimetres(marginText, '--margin');
    const { imagesToPdf } = await import('@yinzhang/pdf');
    const { loadImage } = await import('../images');
    const images = [];
    for (const path of args.positionals) images.push(await loadImage(path, false));
    const out = await imagesToPdf(images, {
      pageSize,
      orientation,
      marginMm,
      onProgress: report.onProgress,
    });
    await writeOutput(output, out);
    report.note(`wrote ${output} (${pagesText(images.length)}, ${kb(out.length)})`);
  },
};
