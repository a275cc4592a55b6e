/** stderr progress: one line per phase in a log, one updating line on a terminal, nothing with -q. */
import { describe, expect, it } from 'vitest';
import { reporter } from '../src/progress';

function fakeStderr(isTTY: boolean) {
  const written: string[] = [];
  let made = 0;
  const stream = { isTTY, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream;
  return {
    written,
    made: () => made,
    output: () => {
      made++;
      return stream;
    },
  };
}

describe('reporter', () => {
  it.each([
    [false, false, ['reading 3/3\n', 'wrote out.pdf\n', 'warning: kept\n']],
    [
      true,
      false,
      [
        '\rreading 1/3',
        '\rreading 2/3',
        '\rreading 3/3',
        '\n',
        'wrote out.pdf\n',
        'warning: kept\n',
      ],
    ],
    [false, true, ['warning: kept\n']],
    [true, true, ['warning: kept\n']],
  ])('tty %s, quiet %s', (tty, quiet, expected) => {
    const err = fakeStderr(tty);
    const report = reporter(quiet, err.output);
    for (let done = 1; done <= 3; done++) report.onProgress({ phase: 'read', done, total: 3 });
    report.note('wrote out.pdf');
    report.warn('warning: kept');
    report.done();
    expect(err.written).toEqual(expected);
  });

  it('a quiet run with nothing to warn about never opens stderr', () => {
    const err = fakeStderr(false);
    const report = reporter(true, err.output);
    report.onProgress({ phase: 'draw', done: 10, total: 10 });
    report.note('wrote out.pdf');
    report.done();
    expect(err.made()).toBe(0);
  });

  it('opens stderr once however much it writes', () => {
    const err = fakeStderr(false);
    const report = reporter(false, err.output);
    for (let done = 1; done <= 5; done++) report.onProgress({ phase: 'copy', done, total: 5 });
    report.note('a');
    report.warn('b');
    expect(err.made()).toBe(1);
  });
});
