import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import SignatureModal from './SignatureModal';
import { canvasRatio } from './useSignaturePad';

// jsdom has no canvas: signature_pad is replaced by a fake that "draws" when told to, and the
// crop-to-ink export by a stub. The modal, its undo/redo and keys are real.
const pads = vi.hoisted(() => [] as FakePad[]);
interface FakePad {
  options: Record<string, unknown>;
  penColor: string;
  groups: { penColor: string }[];
  draw(): void;
}
vi.mock('signature_pad', () => ({
  default: class {
    options: Record<string, unknown>;
    penColor: string;
    groups: { penColor: string }[] = [];
    listeners = new Set<() => void>();
    constructor(_canvas: HTMLCanvasElement, options: Record<string, unknown>) {
      this.options = options;
      this.penColor = String(options.penColor);
      pads.push(this as unknown as FakePad);
    }
    draw() {
      this.groups.push({ penColor: this.penColor });
      for (const l of this.listeners) l();
    }
    // Like signature_pad: its own list, which the next stroke grows.
    toData() {
      return this.groups;
    }
    fromData(groups: { penColor: string }[]) {
      this.groups = [...groups];
    }
    clear() {
      this.groups = [];
    }
    isEmpty() {
      return this.groups.length === 0;
    }
    off() {}
    addEventListener(_type: string, l: () => void) {
      this.listeners.add(l);
    }
    removeEventListener(_type: string, l: () => void) {
      this.listeners.delete(l);
    }
  },
}));
const exportSignature = vi.hoisted(() =>
  vi.fn(async () => new Blob(['sig'], { type: 'image/png' })),
);
vi.mock('./exportSignature', () => ({ exportSignature }));

const pad = () => pads.at(-1) as FakePad;
const draw = () => act(() => pad().draw());
const btn = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const key = (k: string, mods: { ctrlKey?: boolean; shiftKey?: boolean; metaKey?: boolean } = {}) =>
  act(() => {
    fireEvent.keyDown(screen.getByRole('dialog'), { key: k, ...mods });
  });

/** A page with the button that opens the modal, as the gallery has. */
function Opener({ onSave }: { onSave(png: Blob): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        手写签名
      </button>
      {open && <SignatureModal onClose={() => setOpen(false)} onSave={onSave} />}
    </>
  );
}

describe('the hand signature modal', () => {
  let onSave: ReturnType<typeof vi.fn<(png: Blob) => void>>;

  beforeEach(() => {
    pads.length = 0;
    exportSignature.mockClear();
    onSave = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    render(<Opener onSave={onSave} />);
    const opener = btn('手写签名');
    opener.focus();
    fireEvent.click(opener);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is a labelled modal dialog with the pen of SPEC §9', () => {
    const dialog = screen.getByRole('dialog', { name: '手写签名' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(pad().options).toMatchObject({ minWidth: 0.5, maxWidth: 2.5 });
    expect(screen.getByRole('img', { name: '签名区域' }).tagName).toBe('CANVAS');
    for (const name of ['清除', '撤销', '重做', '保存']) expect(btn(name).disabled).toBe(true);
  });

  it('undoes and redoes whole strokes, with the buttons and with Ctrl+Z / Ctrl+Shift+Z', async () => {
    await draw();
    await draw();
    expect(btn('撤销').disabled).toBe(false);
    expect(btn('重做').disabled).toBe(true);
    fireEvent.click(btn('撤销'));
    expect(pad().groups).toHaveLength(1);
    expect(btn('重做').disabled).toBe(false);
    await key('z', { ctrlKey: true });
    expect(pad().groups).toHaveLength(0);
    expect(btn('保存').disabled).toBe(true);
    await key('Z', { ctrlKey: true, shiftKey: true });
    expect(pad().groups).toHaveLength(1);
    fireEvent.click(btn('重做'));
    expect(pad().groups).toHaveLength(2);
    expect(btn('重做').disabled).toBe(true);
    // A new stroke after an undo drops what could have been redone.
    await key('z', { metaKey: true });
    await draw();
    expect(btn('重做').disabled).toBe(true);
    fireEvent.click(btn('清除'));
    expect(pad().groups).toHaveLength(0);
  });

  it('brings cleared strokes back with 撤销, and clears again with 重做', async () => {
    await draw();
    await draw();
    fireEvent.click(btn('清除'));
    expect(pad().groups).toHaveLength(0);
    expect(btn('撤销').disabled).toBe(false);
    fireEvent.click(btn('撤销'));
    expect(pad().groups).toHaveLength(2);
    expect(btn('保存').disabled).toBe(false);
    await key('y', { ctrlKey: true });
    expect(pad().groups).toHaveLength(0);
    await key('z', { ctrlKey: true });
    await key('z', { ctrlKey: true });
    expect(pad().groups).toHaveLength(1);
  });

  it('draws the next strokes in the chosen ink', async () => {
    fireEvent.click(screen.getByRole('radio', { name: '蓝色' }));
    await draw();
    fireEvent.click(screen.getByRole('radio', { name: '红色' }));
    await draw();
    expect(pad().groups.map((g) => g.penColor)).toEqual(['#1d3fbf', '#c8102e']);
  });

  it('保存 hands over the cropped PNG, closes and gives the focus back', async () => {
    await draw();
    await act(async () => fireEvent.click(btn('保存')));
    expect(exportSignature).toHaveBeenCalledWith(expect.any(HTMLCanvasElement), canvasRatio(1));
    expect(onSave).toHaveBeenCalledWith(expect.any(Blob));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(btn('手写签名'));
  });

  it('Escape closes without saving', async () => {
    await draw();
    await key('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(btn('手写签名'));
  });

  it('keeps Tab inside the dialog', async () => {
    await draw();
    const close = btn('关闭');
    const save = btn('保存');
    save.focus();
    await key('Tab');
    expect(document.activeElement).toBe(close);
    await key('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(save);
  });
});

describe('canvas resolution', () => {
  it.each([
    [1, 2],
    [1.5, 2],
    [2, 2],
    [2.5, 3],
    [3, 3],
    [0, 2],
  ])('a screen at %d px per CSS px draws at %i', (dpr, ratio) => {
    expect(canvasRatio(dpr)).toBe(ratio);
  });
});
