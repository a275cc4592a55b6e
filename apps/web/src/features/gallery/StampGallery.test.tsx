import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import type { StampEntry } from '../../store';
import { sealStore } from '../../store';
import { stubObjectUrls } from '../../test/helpers';
import StampGallery from './StampGallery';

// jsdom has no canvas: the image preparation is replaced; the checks and the store are real.
const prepareLocalImage = vi.hoisted(() =>
  vi.fn(async (file: Blob, _removeWhite: boolean) => new Blob([file], { type: 'image/png' })),
);
vi.mock('./localImage', () => ({ prepareLocalImage }));

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const pngFile = (name: string) => new File([new Uint8Array(PNG_HEAD)], name, { type: 'image/png' });
const blob = new Blob(['png'], { type: 'image/png' });

const entries: StampEntry[] = [
  { id: 'image:1', url: 'blob:logo', mid: '', kind: 'image', name: 'logo.png', createdAt: 3, blob },
  { id: 'signature:1', url: 'blob:sig', mid: '', kind: 'signature', name: '1', createdAt: 2, blob },
  {
    id: 'made:m1',
    url: 'blob:seal',
    mid: 'm1',
    kind: 'made',
    name: '北京某某科技有限公司',
    sizeMm: 42,
    createdAt: 1,
    blob,
  },
];

const region = () => screen.getByRole('region', { name: '我的印章' });
const button = (name: string) => within(region()).getByRole('button', { name });

describe('the stamp gallery', () => {
  let alert: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.clear();
    stubObjectUrls();
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
    prepareLocalImage.mockClear();
    sealStore.setState({ stamps: entries, galleryLoaded: true, currentStamp: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is a region 我的印章 with one button per stamp, named after it', () => {
    const onPick = vi.fn();
    render(<StampGallery onPick={onPick} />);
    const names = within(region())
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names).toEqual([
      '本地图片 logo.png',
      '删除 本地图片 logo.png',
      '手写签名 1',
      '删除 手写签名 1',
      '印章：北京某某科技有限公司',
      '删除 印章：北京某某科技有限公司',
      '手写签名',
    ]);
    fireEvent.click(button('印章：北京某某科技有限公司'));
    expect(onPick).toHaveBeenCalledWith(entries[2]);
    expect(region().textContent).toContain('42 毫米');
  });

  it('downloads a stamp under a fitting name', () => {
    render(<StampGallery />);
    const link = within(region()).getByRole('link', { name: '下载 手写签名 1' });
    expect(link.getAttribute('href')).toBe('blob:sig');
    expect(link.getAttribute('download')).toBe('signature-1.png');
    const seal = within(region()).getByRole('link', { name: '下载 印章：北京某某科技有限公司' });
    expect(seal.getAttribute('download')).toBe('北京某某科技有限公司.png');
  });

  it('removes a stamp', () => {
    render(<StampGallery />);
    fireEvent.click(button('删除 手写签名 1'));
    expect(within(region()).queryByRole('button', { name: '手写签名 1' })).toBeNull();
    expect(sealStore.getState().stamps.map((e) => e.id)).toEqual(['image:1', 'made:m1']);
  });

  it('says how to get stamps when there are none', () => {
    sealStore.setState({ stamps: [] });
    render(<StampGallery />);
    expect(region().textContent).toContain('还没有印章');
  });

  it('adds a local image through a real file input, white made transparent by default', async () => {
    render(<StampGallery />);
    const input = within(region()).getByLabelText('本地图片') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/png,image/jpeg,image/webp');
    await act(async () => fireEvent.change(input, { target: { files: [pngFile('stamp.png')] } }));
    expect(await screen.findByRole('button', { name: '本地图片 stamp.png' })).toBeTruthy();
    expect(prepareLocalImage).toHaveBeenCalledWith(expect.anything(), true);

    fireEvent.click(within(region()).getByLabelText('去除白色背景'));
    await act(async () => fireEvent.change(input, { target: { files: [pngFile('photo.png')] } }));
    expect(prepareLocalImage).toHaveBeenLastCalledWith(expect.anything(), false);
    expect(sealStore.getState().currentStamp).toMatchObject({ kind: 'image', name: 'photo.png' });
  });

  it.each([
    [
      'a text file',
      new File(['hello'], 'a.png', { type: 'image/png' }),
      'Please select an image file',
    ],
    [
      'a file over 5 MB',
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
      'The file is more than 5MB',
    ],
  ])('alerts for %s and adds nothing', async (_name, file, message) => {
    render(<StampGallery />);
    const input = within(region()).getByLabelText('本地图片');
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    expect(alert).toHaveBeenCalledWith(message);
    expect(prepareLocalImage).not.toHaveBeenCalled();
    expect(sealStore.getState().stamps).toHaveLength(3);
  });

  it('says so when a local image cannot be read', async () => {
    prepareLocalImage.mockRejectedValueOnce(new Error('decode'));
    render(<StampGallery />);
    const input = within(region()).getByLabelText('本地图片');
    await act(async () => fireEvent.change(input, { target: { files: [pngFile('broken.png')] } }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“broken.png”无法读取，可能已损坏，请换一张图片。',
    );
  });
});
