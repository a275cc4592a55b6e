/**
 * Issue 19, "our messages only": the user reads our one line; the engine's own message, stack and
 * causes go to the debug log (DEBUG set) and nowhere else.
 */
import { describe, expect, it } from 'vitest';
import { debugDetail } from '../src/errors';

const engine = new TypeError('Parent.ascend is not a function');
const ours = Object.assign(new Error('This PDF could not be processed', { cause: engine }), {
  name: 'PdfReadError',
});

describe('debugDetail', () => {
  it.each([
    ['DEBUG unset', {}, ''],
    ['DEBUG empty', { DEBUG: '' }, ''],
  ])('%s: nothing beyond our line', (_name, env, expected) => {
    expect(debugDetail(ours, env)).toBe(expected);
  });

  it('DEBUG=yinzhang: our error, then the engine error that caused it, with stacks', () => {
    const detail = debugDetail(ours, { DEBUG: 'yinzhang' });
    expect(detail).toMatch(/^PdfReadError: This PDF could not be processed/);
    expect(detail).toContain('caused by: TypeError: Parent.ascend is not a function');
    expect(detail).toMatch(/\n\s+at /);
  });

  it('a thrown non-error is printed as it is', () => {
    expect(debugDetail('odd', { DEBUG: '1' })).toBe('odd\n');
  });
});
