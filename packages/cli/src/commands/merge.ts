import { basename } from 'node:path';
import { COMMON_HELP, type Command, kb, pagesText, str } from '../command';
import { InputError, UsageError } from '../errors';
import { readInput, writeOutput } from '../files';
import { required } from '../options';
import { noticeLine } from '../trust';

export const mergeCommand: Command = {
  name: 'merge',
  summary: 'merge PDFs, keeping their bookmarks',
  help: `yinzhang merge a.pdf b.pdf ... -o out.pdf

Puts the pages of every file one after another. Each file's bookmarks go under one bookmark
named after the file; links inside a file keep working. A file that cannot be read is reported
on stderr and left out; the others are merged. A merged file is a new document: digital
signatures of the inputs are not carried over, and stderr names each input that had some.
The output is not encrypted.

  --password P        tried on every encrypted file
${COMMON_HELP}`,
  options: { password: { type: 'string' } },
  async run(args, report) {
    const output = required(str(args, 'output'), '--output');
    if (args.positionals.length < 1) throw new UsageError('give the PDFs to merge');
    const password = str(args, 'password');
    const paths = args.positionals;
    // The engine names an input by the name it was given, or by its index: say its path.
    const inputPath = (file: string | undefined) =>
      file === undefined
        ? undefined
        : (paths.find((p) => basename(p) === file) ??
          (/^\d+$/.test(file) ? paths[Number(file)] : undefined) ??
          file);
    // A missing file is a typo on the command line: stop before doing anything.
    const files = await Promise.all(
      args.positionals.map(async (path) => ({
        bytes: await readInput(path),
        name: basename(path),
        password,
      })),
    );
    // Plain files merge from their bytes, without loading the PDF engine at all (about half of
    // a short merge's time); the engine's merge module (reading and copying, without the
    // stamping and signing code) takes every other merge.
    const [{ fastMerge }, { nodeZlib }] = await Promise.all([
      import('@yinzhang/pdf/merge-fast'),
      import('../native-zlib'),
    ]);
    const onEngine = async () => {
      const { mergeOnEngine } = await import('@yinzhang/pdf/merge');
      return mergeOnEngine(files, {
        onProgress: report.onProgress,
        onNotice: (notice) => report.warn(noticeLine({ ...notice, file: inputPath(notice.file) })),
      });
    };
    const { bytes, results } = fastMerge(files, report.onProgress, nodeZlib) ?? (await onEngine());
    results.forEach((r, i) => {
      if (!r.ok) report.note(`skipped ${args.positionals[i]}: ${r.error}`);
    });
    if (!bytes) throw new InputError('none of the files could be read');
    await writeOutput(output, bytes);
    const pages = results.reduce((n, r) => n + r.pages, 0);
    const merged = results.filter((r) => r.ok).length;
    report.note(
      `wrote ${output} (${merged} of ${results.length} files, ${pagesText(pages)}, ${kb(bytes.length)})`,
    );
  },
};
