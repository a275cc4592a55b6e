import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import TabStrip from './TabStrip';

// Three tabs, the last one lazy, as the home page will have once later issues add theirs.
const loadLazy = vi.hoisted(() => vi.fn());
vi.mock('../features/tabs', async () => {
  const { createElement } = await import('react');
  return {
    TABS: [
      { id: 'make', labelKey: 'tabs.make', Panel: () => createElement('p', null, 'make panel') },
      { id: 'two', labelKey: 'tabs.two', Panel: () => createElement('p', null, 'second panel') },
      {
        id: 'three',
        labelKey: 'tabs.three',
        Panel: lazy(async () => {
          loadLazy();
          return { default: () => createElement('p', null, 'lazy panel') };
        }),
      },
    ],
  };
});

const tabs = () => screen.getAllByRole('tab');

// The store and the lazy module live for the whole file: the lazy test must run first.
describe('tab strip', () => {
  afterEach(cleanup);

  it('loads a lazy tab on first open and keeps opened panels mounted', async () => {
    render(<TabStrip />);
    expect(loadLazy).not.toHaveBeenCalled();
    expect(screen.queryByText('second panel')).toBeNull();
    fireEvent.click(tabs()[2] as HTMLElement);
    expect(await screen.findByText('lazy panel')).toBeTruthy();
    expect(loadLazy).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(tabs()[0] as HTMLElement));
    const lazyPanel = screen.getByText('lazy panel').closest('[role=tabpanel]') as HTMLElement;
    expect(lazyPanel.hidden).toBe(true);
    expect(screen.getByRole('tabpanel').textContent).toBe('make panel');
  });

  it('moves with the arrow keys, Home and End, wrapping round', () => {
    render(<TabStrip />);
    const [make, two, three] = tabs();
    expect(make?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(make as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(two);
    expect(two?.getAttribute('aria-selected')).toBe('true');
    expect(two?.tabIndex).toBe(0);
    expect(make?.tabIndex).toBe(-1);
    fireEvent.keyDown(two as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(three);
    fireEvent.keyDown(three as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(make);
    fireEvent.keyDown(make as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(three);
    fireEvent.keyDown(three as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(make);
  });
});
