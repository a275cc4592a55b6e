/**
 * `yinzhang`: the site's seal and PDF work on files, for batch users. Every command runs the same
 * packages the web app runs (@yinzhang/seal, @yinzhang/pdf); this file only parses and reports.
 */
import { parseArgs } from 'node:util';
import { COMMON_OPTIONS, type Command, type Parsed } from './command';
import { extractCommand } from './commands/extract';
import { img2pdfCommand } from './commands/img2pdf';
import { mergeCommand } from './commands/merge';
import { pagingSealCommand } from './commands/paging-seal';
import { sealCommand } from './commands/seal';
import { signCommand } from './commands/sign';
import { stampCommand } from './commands/stamp';
import { verifyCommand } from './commands/verify';
import { debugDetail, describe, EXIT, UnreadableError, UsageError } from './errors';
import { nearest } from './nearest';
import { reporter } from './progress';

const COMMANDS: readonly Command[] = [
  sealCommand,
  extractCommand,
  stampCommand,
  pagingSealCommand,
  mergeCommand,
  img2pdfCommand,
  signCommand,
  verifyCommand,
];

const HELP = `yinzhang: electronic seals and PDF stamping on files

usage: yinzhang <command> [options]

${COMMANDS.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`).join('\n')}

yinzhang <command> --help shows a command's options.`;

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${HELP}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    const near = nearest(
      name,
      COMMANDS.map((c) => c.name),
    );
    throw new UsageError(`unknown command "${name}"${near ? `; did you mean "${near}"?` : ''}`);
  }
  let args: Parsed;
  try {
    args = parseArgs({
      args: command.rewrite ? command.rewrite(rest) : [...rest],
      options: { ...command.options, ...COMMON_OPTIONS },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError(parseError(err as Error & { code?: string }, command));
  }
  if (args.values.help === true) {
    process.stdout.write(`${command.help}\n`);
    return EXIT.ok;
  }
  const report = reporter(args.values.quiet === true);
  try {
    return (await command.run(args, report)) ?? EXIT.ok;
  } finally {
    report.done();
  }
}

/** parseArgs's message, shortened to one line, with the nearest option for an unknown one. */
function parseError(err: Error & { code?: string }, command: Command): string {
  const flag = /'(-[^']*)'/.exec(err.message)?.[1];
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag) {
    const options = Object.entries({ ...command.options, ...COMMON_OPTIONS });
    const typed = flag.replace(/^-+/, '').split('=')[0] as string;
    const long = options.map(([name]) => name);
    const short = options.flatMap(([name, o]) => (o.short === typed ? [name] : []));
    const near = short[0] ?? nearest(typed, long);
    return `unknown option ${flag}${near ? `; did you mean --${near}?` : ''}`;
  }
  // "Unexpected argument ..." and "Option ... argument missing" are one sentence each.
  return err.message.split('. ')[0] as string;
}

const command = process.argv[2];
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const known = COMMANDS.find((c) => c.name === command);
    const prefix = known ? `yinzhang ${known.name}` : 'yinzhang';
    const hint = err instanceof UsageError ? ' (see --help)' : '';
    const flags = known ? new Set(Object.keys(known.options)) : undefined;
    process.stderr.write(`${prefix}: ${describe(err, flags)}${hint}\n${debugDetail(err)}`);
    process.exitCode =
      err instanceof UsageError || err instanceof UnreadableError ? EXIT.usage : EXIT.failed;
  },
);
