/** The shape of one subcommand: its flags for node:util parseArgs, its help, and its work. */
import type { ParseArgsOptionsConfig } from 'node:util';
import type { Reporter } from './progress';

export interface Parsed {
  readonly values: Record<string, string | boolean | string[] | undefined>;
  readonly positionals: readonly string[];
}

export interface Command {
  readonly name: string;
  readonly summary: string;
  /** The full --help text. */
  readonly help: string;
  readonly options: ParseArgsOptionsConfig;
  /** Rewrites raw arguments before parsing (e.g. a flag whose value is optional, `--certify[=forms]`). */
  readonly rewrite?: (argv: readonly string[]) => string[];
  /** Resolves to the exit code when it is not 0 (e.g. `verify` finding a broken signature). */
  // biome-ignore lint/suspicious/noConfusingVoidType: most commands resolve to nothing (exit 0)
  run(args: Parsed, report: Reporter): Promise<void | number>;
}

/** Flags every command takes. */
export const COMMON_OPTIONS = {
  output: { type: 'string', short: 'o' },
  quiet: { type: 'boolean', short: 'q', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsOptionsConfig;

export const COMMON_HELP = `  -o, --output FILE   where to write the result (required)
  -q, --quiet         no progress or summary on stderr
  -h, --help          this help`;

export const str = (args: Parsed, key: string): string | undefined => {
  const v = args.values[key];
  return typeof v === 'string' ? v : undefined;
};

/** "1 page", "3 pages": the count with its noun, for the lines that report a written file. */
export function pagesText(count: number): string {
  return `${count} ${count === 1 ? 'page' : 'pages'}`;
}

export function kb(bytes: number): string {
  // Not toLocaleString: its first call loads ICU's locale data, 10-60 ms of a run's time.
  const thousands = String(Math.max(1, Math.round(bytes / 1024))).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${thousands} KB`;
}
