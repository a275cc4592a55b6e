import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RepeatButton from './RepeatButton';

describe('RepeatButton', () => {
  const onPress = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    onPress.mockClear();
    render(<RepeatButton onPress={onPress}>放大</RepeatButton>);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  const button = () => screen.getByRole('button', { name: '放大' });

  it('acts once per click: on pointerdown, not again on the click that follows', () => {
    fireEvent.pointerDown(button(), { button: 0 });
    fireEvent.pointerUp(button());
    fireEvent.click(button(), { detail: 1 });
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('repeats while held and stops on release', () => {
    fireEvent.pointerDown(button(), { button: 0 });
    act(() => vi.advanceTimersByTime(399));
    expect(onPress).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1 + 60 * 4));
    expect(onPress).toHaveBeenCalledTimes(6);
    fireEvent.pointerLeave(button());
    act(() => vi.advanceTimersByTime(1000));
    expect(onPress).toHaveBeenCalledTimes(6);
  });

  it('acts once for a keyboard activation (click without a pointer)', () => {
    fireEvent.click(button(), { detail: 0 });
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('ignores the secondary mouse button', () => {
    fireEvent.pointerDown(button(), { button: 2 });
    expect(onPress).not.toHaveBeenCalled();
  });
});
