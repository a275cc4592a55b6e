/**
 * `yinzhang stamp --at-text WORDS` (关键字签章): the seal centred on words found in the PDF,
 * on the first hit or, with --all-hits, on every one. Writes through stampPdf like every stamp.
 */
import type { Mm } from '@yinzhang/seal';
import { kb, type Parsed, str } from './command';
import { InputError, UsageError } from './errors';
import { aboutFile, readInput, writeOutput } from './files';
import { required, rotation, width } from './options';
import type { Reporter } from './progress';
import { trustChoice } from './trust';

/** The flags --at-text replaces: the place comes from the words. */
const PLACE_FLAGS = ['page', 'every-page', 'pages', 'x', 'y'] as const;

/** "5", "-3.5mm": an offset in mm, either sign. */
export function offsetMm(value: string | undefined, flag: string): Mm {
  if (value === undefined) return 0 as Mm;
  const m = /^([+-]?\d+(?:\.\d+)?)\s*(?:mm)?$/i.exec(value.trim());
  if (!m) throw new UsageError(`${flag} is an offset in mm, e.g. 5mm or -3 (got ${value})`);
  return Number(m[1]) as Mm;
}

export async function stampAtText(args: Parsed, report: Reporter, output: string): Promise<void> {
  const query = str(args, 'at-text') as string;
  if (query.trim() === '') throw new UsageError('--at-text needs the words to look for');
  for (const flag of PLACE_FLAGS) {
    const v = args.values[flag];
    if (v !== undefined && v !== false)
      throw new UsageError(`--${flag} does not go with --at-text`);
  }
  if (args.positionals.length !== 1) throw new UsageError('give exactly one input PDF');
  const input = args.positionals[0] as string;
  const size = width(required(str(args, 'width'), '--width'), '--width');
  const dx = offsetMm(str(args, 'dx'), '--dx');
  const dy = offsetMm(str(args, 'dy'), '--dy');
  const rotate = rotation(str(args, 'rotate'), '--rotate');
  const all = args.values['all-hits'] === true;
  const trust = trustChoice(args, report);
  const imagePath = required(str(args, 'image'), '--image');
  const { findTextInPdf, placementAtHit, pt, ptToMm, stampPdf } = await import('@yinzhang/pdf');
  const { loadImage } = await import('./images');
  const [bytes, image] = await Promise.all([readInput(input), loadImage(imagePath, true)]);
  const hits = await aboutFile(input, findTextInPdf(bytes, query, trust.options));
  const first = hits[0];
  if (!first) throw new InputError(`${input}: the text “${query}” was not found`);
  const chosen = all ? hits : [first];
  const pages = [...new Set(chosen.map((h) => h.page + 1))].join(', ');
  report.note(
    all
      ? `“${query}”: ${hits.length} hit${hits.length === 1 ? '' : 's'}, stamping all (page ${pages})`
      : `“${query}”: ${hits.length} hit${hits.length === 1 ? '' : 's'}, stamping the first, on page ${first.page + 1}`,
  );
  // The placements are made from the page sizes stampPdf reads: no read of our own.
  const out = await aboutFile(
    input,
    trust.guard(
      stampPdf(bytes, {
        images: { stamp: image.bytes },
        placements: [],
        plan: (info) => ({
          placements: chosen.map((hit) => {
            const page = info.pages[hit.page] as { width: number; height: number };
            const widthMm = 'mm' in size ? size.mm : ptToMm(pt(size.fraction * page.width));
            return placementAtHit(hit, page, {
              image: 'stamp',
              aspect: image.width / image.height,
              widthMm,
              dxMm: dx,
              dyMm: dy,
              rotate,
            });
          }),
        }),
        ...trust.options,
        onProgress: report.onProgress,
      }),
    ),
  );
  await writeOutput(output, out);
  report.note(
    `wrote ${output} (${chosen.length} stamp${chosen.length === 1 ? '' : 's'}, ${kb(out.length)})`,
  );
}
