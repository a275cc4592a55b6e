/**
 * Progress on stderr. On a terminal one line updates in place; otherwise (a log, a pipe, a test)
 * each phase writes one line when it ends, so logs stay short.
 */
import type { OnProgress, Progress } from '@yinzhang/pdf';

const PHASES: Record<Progress['phase'], string> = {
  read: 'reading',
  draw: 'drawing',
  copy: 'copying',
  write: 'writing',
};

export interface Reporter {
  readonly onProgress: OnProgress;
  /** A line for the user (a summary, a skipped file). */
  note(line: string): void;
  /** A line the user must see even with -q: a warning about signatures or a password. */
  warn(line: string): void;
  /** Ends an in-place line, if one is showing. */
  done(): void;
}

export function reporter(
  quiet: boolean,
  output: () => NodeJS.WriteStream = () => process.stderr,
): Reporter {
  // process.stderr is made on first use (a TTY or pipe handle, a few ms): a quiet run that has
  // nothing to warn about never makes it.
  let made: { stream: NodeJS.WriteStream; tty: boolean } | undefined;
  const err = () => {
    if (!made) {
      const stream = output();
      made = { stream, tty: stream.isTTY === true };
    }
    return made;
  };
  let open = false;
  const end = () => {
    if (open) err().stream.write('\n');
    open = false;
  };
  return {
    onProgress(p) {
      if (quiet || p.total <= 1) return;
      const line = `${PHASES[p.phase]} ${p.done}/${p.total}`;
      const { stream, tty } = err();
      if (tty) {
        stream.write(`\r${line}`);
        open = true;
        if (p.done === p.total) end();
      } else if (p.done === p.total) {
        stream.write(`${line}\n`);
      }
    },
    note(line) {
      if (quiet) return;
      end();
      err().stream.write(`${line}\n`);
    },
    warn(line) {
      end();
      err().stream.write(`${line}\n`);
    },
    done: end,
  };
}
