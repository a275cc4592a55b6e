import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { type StampEntry, sealStore } from '../../store';
import { stubObjectUrls } from '../../test/helpers';
import ImageSignTab from './ImageSignTab';

// jsdom decodes no images and lays nothing out: the decoded sizes and the displayed size of the
// image are given here; everything else (store, kernel, keys, pointer gestures) is real.
const sizes = vi.hoisted(() => new Map<string, [number, number]>());
vi.mock('../../files/image', () => ({
  loadImage: async (url: string) => {
    const [naturalWidth, naturalHeight] = sizes.get(url) ?? [1600, 1200];
    return { naturalWidth, naturalHeight };
  },
}));
const exportSigned = vi.hoisted(() =>
  vi.fn(async () => new Blob(['signed'], { type: 'image/png' })),
);
vi.mock('./exportSigned', async (original) => ({
  ...(await original<typeof import('./exportSigned')>()),
  exportSigned,
}));

const DISPLAY = { width: 800, height: 600 };
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
// Signature, IHDR (13 data bytes, CRC) and IEND: whole as far as the tab's checks go.
const PNG_FILE = [
  ...PNG_HEAD,
  ...ascii('IHDR'),
  ...Array(17).fill(0),
  0,
  0,
  0,
  0,
  ...ascii('IEND'),
  0,
  0,
  0,
  0,
];
const blob = new Blob(['png'], { type: 'image/png' });
const seal: StampEntry = {
  id: 'made:m1',
  url: 'blob:seal',
  mid: 'm1',
  kind: 'made',
  name: '北京某某',
  createdAt: 2,
  blob,
};
const signature: StampEntry = {
  id: 'signature:1',
  url: 'blob:sig',
  mid: '',
  kind: 'signature',
  name: '1',
  createdAt: 1,
  blob,
};

const placed = (name: string) => screen.getByRole('button', { name: `已放置的${name}` });
const box = () => sealStore.getState().placements[0]?.box;

async function chooseImage() {
  const input = screen.getByLabelText('选择图片');
  const file = new File([new Uint8Array(PNG_FILE)], 'contract.png', { type: 'image/png' });
  await act(async () => fireEvent.change(input, { target: { files: [file] } }));
  await screen.findByAltText('待签章的图片');
}

async function pick(name: string) {
  const gallery = screen.getByRole('region', { name: '我的印章' });
  await act(async () => fireEvent.click(within(gallery).getByRole('button', { name })));
}

describe('图片签章', () => {
  beforeEach(() => {
    stubObjectUrls();
    sizes.set('blob:sig', [400, 100]);
    sizes.set('blob:seal', [512, 512]);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      ...DISPLAY,
      x: 0,
      y: 0,
      left: 0,
      top: 0,
      right: DISPLAY.width,
      bottom: DISPLAY.height,
      toJSON: () => ({}),
    });
    Element.prototype.setPointerCapture = vi.fn();
    sealStore.setState({
      stamps: [seal, signature],
      galleryLoaded: true,
      signImage: null,
      placements: [],
      selectedPlacement: null,
      lastUse: {},
    });
    render(<ImageSignTab />);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks for an image before placing a stamp; 保存 waits for one too', async () => {
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(true);
    await pick('印章：北京某某');
    expect(screen.getByRole('alert').textContent).toBe('请先选择图片，再放置印章。');
    expect(sealStore.getState().placements).toEqual([]);
  });

  it('places a stamp 20% of the image wide, selected with 旋转 and 删除', async () => {
    await chooseImage();
    expect(sealStore.getState().signImage).toMatchObject({
      width: 1600,
      height: 1200,
      name: 'contract.png',
    });
    await pick('印章：北京某某');
    const stamp = placed('印章：北京某某');
    expect(stamp.getAttribute('aria-pressed')).toBe('true');
    expect(box()?.width).toBeCloseTo(0.2);
    expect(screen.getByRole('button', { name: '旋转' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '删除' })).toBeTruthy();
    // A wide signature keeps its shape: 160 x 40 px on the 800 x 600 image.
    await pick('手写签名 1');
    const sig = sealStore.getState().placements[1]?.box;
    expect((sig?.width ?? 0) * DISPLAY.width).toBeCloseTo(160);
    expect((sig?.height ?? 0) * DISPLAY.height).toBeCloseTo(40);
    expect(placed('印章：北京某某').getAttribute('aria-pressed')).toBe('false');
  });

  it('drags with the pointer and resizes from a corner, aspect locked', async () => {
    await chooseImage();
    await pick('印章：北京某某');
    const stamp = placed('印章：北京某某');
    const start = { ...box() };
    fireEvent.pointerDown(stamp, { pointerId: 1, clientX: 400, clientY: 300, button: 0 });
    fireEvent.pointerMove(stamp, { pointerId: 1, clientX: 480, clientY: 240 });
    fireEvent.pointerUp(stamp, { pointerId: 1, clientX: 480, clientY: 240 });
    expect((box()?.x ?? 0) - (start.x ?? 0)).toBeCloseTo(80 / 800);
    expect((box()?.y ?? 0) - (start.y ?? 0)).toBeCloseTo(-60 / 600);

    const corner = document.querySelector('[data-corner="se"]') as HTMLElement;
    fireEvent.pointerDown(corner, { pointerId: 2, clientX: 0, clientY: 0, button: 0 });
    fireEvent.pointerMove(corner, { pointerId: 2, clientX: 40, clientY: 40 });
    fireEvent.pointerUp(corner, { pointerId: 2 });
    expect((box()?.width ?? 0) * 800).toBeCloseTo(200);
    expect((box()?.height ?? 0) * 600).toBeCloseTo(200);
    expect(sealStore.getState().lastUse[seal.id]?.width).toBeCloseTo(200);
  });

  it('takes the keyboard: arrows nudge, Shift for ten, R turns, + grows, Delete removes', async () => {
    await chooseImage();
    await pick('印章：北京某某');
    const stamp = placed('印章：北京某某');
    stamp.focus();
    const x = box()?.x ?? 0;
    fireEvent.keyDown(stamp, { key: 'ArrowRight' });
    expect(((box()?.x ?? 0) - x) * 800).toBeCloseTo(1);
    fireEvent.keyDown(stamp, { key: 'ArrowLeft', shiftKey: true });
    expect(((box()?.x ?? 0) - x) * 800).toBeCloseTo(-9);
    fireEvent.keyDown(stamp, { key: 'r' });
    expect(sealStore.getState().placements[0]?.rotate).toBe(90);
    fireEvent.keyDown(stamp, { key: '+' });
    expect((box()?.width ?? 0) * 800).toBeCloseTo(176);
    fireEvent.keyDown(stamp, { key: 'Delete' });
    expect(sealStore.getState().placements).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('region', { name: '签章区域' }));
  });

  it('旋转 turns by quarters and 删除 removes; clicking elsewhere deselects', async () => {
    await chooseImage();
    await pick('印章：北京某某');
    for (const expected of [90, 180, 270, 0]) {
      fireEvent.click(screen.getByRole('button', { name: '旋转' }));
      expect(sealStore.getState().placements[0]?.rotate).toBe(expected);
    }
    fireEvent.pointerDown(screen.getByAltText('待签章的图片'));
    expect(sealStore.getState().selectedPlacement).toBeNull();
    expect(screen.queryByRole('button', { name: '旋转' })).toBeNull();
    fireEvent.pointerDown(placed('印章：北京某某'), { pointerId: 3, button: 0 });
    fireEvent.pointerUp(placed('印章：北京某某'), { pointerId: 3 });
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(sealStore.getState().placements).toEqual([]);
  });

  it('refuses a cut-off image with a message, then takes a whole one', async () => {
    const input = screen.getByLabelText('选择图片');
    const cut = new File([new Uint8Array(PNG_FILE.slice(0, 30))], 'cut.png', { type: 'image/png' });
    await act(async () => fireEvent.change(input, { target: { files: [cut] } }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“cut.png”无法读取，可能已损坏，请换一张图片。',
    );
    expect(sealStore.getState().signImage).toBeNull();
    await chooseImage();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('places a stamp again at its last size and rotation', async () => {
    await chooseImage();
    await pick('印章：北京某某');
    const stamp = placed('印章：北京某某');
    fireEvent.keyDown(stamp, { key: 'r' });
    fireEvent.keyDown(stamp, { key: '-' });
    const width = (box()?.width ?? 0) * 800;
    await pick('印章：北京某某');
    const again = sealStore.getState().placements[1];
    expect(again?.rotate).toBe(90);
    expect((again?.box.width ?? 0) * 800).toBeCloseTo(width);
  });

  it('保存 exports the image with its stamps and names the file', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await chooseImage();
    await pick('印章：北京某某');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '保存' })));
    const [image, placements] = exportSigned.mock.calls[0] as unknown as [unknown, unknown[]];
    expect(image).toMatchObject({ name: 'contract.png', width: 1600, height: 1200 });
    expect(placements).toHaveLength(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('contract-signed.png');
    expect(screen.getByRole('status').textContent).toBe('已保存 contract-signed.png');
  });
});
