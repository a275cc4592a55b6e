/**
 * @libpdf/core writes what it notices to the console (console.warn with a stack for an object it
 * cannot decrypt, "XRef: corrected subsection start …" for a table it fixed) and has no option to
 * send it elsewhere. Those are the engine's words, not ours: they belong in the debug log, never
 * on a user's screen or terminal. While our engine works (every public entry point of this
 * package runs inside `engineWork`), the console's log, info, warn and error are taken over and
 * what arrives goes to the engine log: in Node (the command line) to stderr only when DEBUG names
 * yinzhang (as the command line's own debug log), in a browser to console.debug (DevTools'
 * verbose level). `setEngineLog` chooses another destination.
 *
 * The console is restored as soon as the last piece of engine work ends. PDF work runs in the
 * command line and in Web Workers, where nothing else writes to the console meanwhile; what
 * another task might write in between is still delivered to the engine log, not lost.
 */

/** Receives each console call the engine made, its arguments as given (formatted only if used). */
export type EngineLogSink = (args: readonly unknown[]) => void;

const LEVELS = ['log', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];

let chosen: EngineLogSink | undefined;
let depth = 0;
type Method = (...args: unknown[]) => void;
/** The host's console (this package is typed for no particular host: no DOM, no Node types). */
const host = globalThis as unknown as { console: Record<Level | 'debug', Method> };
let saved: Record<Level, Method> | undefined;

/** Sends the engine's console output to `sink`; undefined restores the default destination. */
export function setEngineLog(sink: EngineLogSink | undefined): void {
  chosen = sink;
}

/** The arguments of a console call as one text: strings as they are, errors with their stack. */
export function formatEngineMessage(args: readonly unknown[]): string {
  return args
    .map((a) => {
      if (typeof a === 'string') return a;
      if (a instanceof Error) return a.stack ?? `${a.name}: ${a.message}`;
      try {
        return typeof a === 'object' ? JSON.stringify(a) : String(a);
      } catch {
        return String(a);
      }
    })
    .join(' ');
}

/** The DEBUG names that open our debug log, in the `debug` package's comma-separated style. */
export function debugWanted(debug: string | undefined): boolean {
  return (debug ?? '')
    .split(/[\s,]+/)
    .some((n) => n === '*' || n === 'yinzhang' || n === 'yinzhang*' || n === 'yinzhang:*');
}

interface NodeLike {
  readonly env?: Record<string, string | undefined>;
  readonly stderr?: { write(text: string): unknown };
}

function defaultSink(args: readonly unknown[]): void {
  const node = (globalThis as { process?: NodeLike }).process;
  if (node?.stderr) {
    // Read each time: the command line may set DEBUG after this module loads.
    if (debugWanted(node.env?.DEBUG)) {
      node.stderr.write(`yinzhang engine: ${formatEngineMessage(args)}\n`);
    }
    return;
  }
  host.console.debug(...args);
}

function deliver(args: unknown[]): void {
  try {
    (chosen ?? defaultSink)(args);
  } catch {
    // A log that fails must not fail the work it describes.
  }
}

function capture(): void {
  if (depth++ > 0) return;
  const { console } = host;
  saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  for (const level of LEVELS) console[level] = (...args: unknown[]) => deliver(args);
}

function release(): void {
  if (--depth > 0 || !saved) return;
  for (const level of LEVELS) host.console[level] = saved[level];
  saved = undefined;
}

/**
 * Runs `work` with the engine's console output routed to the engine log (nested calls share one
 * capture). Synchronous work is covered as well as everything up to the promise's settling.
 */
export async function engineWork<T>(work: () => Promise<T> | T): Promise<T> {
  capture();
  try {
    return await work();
  } finally {
    release();
  }
}
