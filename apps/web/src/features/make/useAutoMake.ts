import { useCallback, useEffect, useRef } from 'react';
import type { SealInput } from '../../store';
import { AUTO_MAKE_DELAY_MS, shouldAutoMake } from './autoMake';

/**
 * Calls `make(input)` AUTO_MAKE_DELAY_MS after `input` (or `key`, the designer's choices) last
 * changed, when the name has at least `minChars` characters (SPEC §5: 4 for the round seal).
 * When the name becomes too short, `abandon` is called so that an answer still on its way for an
 * older input is not shown. Returns `cancel`, which drops the pending call (Enter makes the seal at
 * once instead).
 */
export function useAutoMake(
  input: SealInput,
  make: (input: SealInput) => void,
  abandon: () => void,
  key = '',
  minChars?: number,
): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const makeRef = useRef(make);
  makeRef.current = make;
  const abandonRef = useRef(abandon);
  abandonRef.current = abandon;

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const { name, title, code } = input;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the design; a new one makes the seal again
  useEffect(() => {
    if (!shouldAutoMake(name, minChars)) {
      abandonRef.current();
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = undefined;
      makeRef.current({ name, title, code });
    }, AUTO_MAKE_DELAY_MS);
    return cancel;
  }, [name, title, code, key, minChars, cancel]);

  return cancel;
}
