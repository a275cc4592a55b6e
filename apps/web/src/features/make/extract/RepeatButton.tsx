import { type ButtonHTMLAttributes, useEffect, useRef } from 'react';

/** Wait before a held button starts repeating, then the pace of the repeats. */
const REPEAT_DELAY_MS = 400;
const REPEAT_EVERY_MS = 60;

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> & {
  onPress(): void;
};

/**
 * A button that acts once per press and keeps acting while held (pointer). Keyboard and assistive
 * technology activate it through click (detail 0), once per activation.
 */
export default function RepeatButton({ onPress, ...rest }: Props) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const press = useRef(onPress);
  press.current = onPress;

  const stop = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const repeat = () => {
    press.current();
    timer.current = setTimeout(repeat, REPEAT_EVERY_MS);
  };

  return (
    <button
      {...rest}
      type="button"
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        stop();
        press.current();
        timer.current = setTimeout(repeat, REPEAT_DELAY_MS);
      }}
      onPointerUp={stop}
      onPointerLeave={stop}
      onPointerCancel={stop}
      onBlur={stop}
      onContextMenu={(e) => e.preventDefault()}
      onClick={(e) => {
        // A pointer click (detail >= 1) already acted on pointerdown.
        if (e.detail === 0) press.current();
      }}
    />
  );
}
