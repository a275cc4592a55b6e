import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CLARITY } from '@yinzhang/seal/extract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { sealStore } from '../../../store';
import { initialClarity } from '../../../store/clarity';
import { deferred, jsonResponse, mockFetch, stubObjectUrls } from '../../../test/helpers';
import ExtractSection from './ExtractSection';

// jsdom has no canvas: the crop export is replaced, the rest of the flow is real.
const exportCrop = vi.hoisted(() =>
  vi.fn(async () => new Blob(['512 crop'], { type: 'image/png' })),
);
vi.mock('./cropExport', () => ({ exportCrop }));
// jsdom cannot decode PNGs: answers count as stamps unless a test says they are blank.
const isBlankImage = vi.hoisted(() => vi.fn(async () => false));
vi.mock('../../../store/blank', () => ({ isBlankImage }));
// jsdom cannot decode either: the photo counts as whole and drawable unless a test says not.
const loadImage = vi.hoisted(() => vi.fn(async () => ({ naturalWidth: 800, naturalHeight: 600 })));
vi.mock('../../../files/image', () => ({ loadImage }));
const imageLooksComplete = vi.hoisted(() => vi.fn(() => true));
vi.mock('../../sign/imageComplete', () => ({ imageLooksComplete }));

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (name = 'seal-photo.png') =>
  new File([new Uint8Array(PNG_HEAD)], name, { type: 'image/png' });

function stampResponse(mid: string, pid?: string): Response {
  return new Response(new Uint8Array(PNG_HEAD), {
    status: 200,
    headers: { 'content-type': 'image/png', mid, ...(pid ? { pid } : {}) },
  });
}

let fetch: ReturnType<typeof mockFetch>;
let alert: ReturnType<typeof vi.fn>;

const fileInput = () => screen.getByLabelText('上传印章照片') as HTMLInputElement;
const choose = (file: File) =>
  act(async () => {
    fireEvent.change(fileInput(), { target: { files: [file] } });
  });
const makeButton = () => screen.findByRole('button', { name: '制作印章' });
const slider = () => screen.getByRole('slider', { name: '清晰度' }) as HTMLInputElement;
const grayCalls = () =>
  fetch.mock.calls
    .filter(([url]) => url === '/v1/stamp/gray')
    .map(([, init]) => JSON.parse(String(init?.body)).gray);

async function uploadAndMake() {
  await choose(png());
  fireEvent.click(await makeButton());
  return screen.findByAltText('提取的印章');
}

describe('extracting a seal from a photo', () => {
  beforeEach(() => {
    localStorage.clear();
    stubObjectUrls();
    sealStore.setState({
      mode: 0,
      clarity: initialClarity(),
      photo: null,
      pid: null,
      stampUrl: null,
      stampKey: null,
      stampEmpty: false,
      grayCache: {},
      parsing: false,
      graying: false,
      extractError: null,
    });
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
    exportCrop.mockClear();
    fetch = mockFetch((url, init) =>
      url === '/v1/stamp/parse'
        ? stampResponse('parsed', 'pid-1')
        : stampResponse(`gray ${JSON.parse(String(init?.body)).gray}`),
    );
    render(<ExtractSection />);
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers a real image file input with the size tip', () => {
    expect(fileInput().type).toBe('file');
    expect(fileInput().accept).toBe('image/png,image/jpeg,image/webp');
    expect(screen.getByText('PNG, JPG up to 5MB')).toBeTruthy();
  });

  it.each([
    [
      'over 5 MB',
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
      'The file is more than 5MB',
    ],
    [
      'a text file',
      new File(['hello world!'], 'notes.txt', { type: 'text/plain' }),
      'Please select an image file',
    ],
    [
      'text named .png',
      new File(['hello world!'], 'fake.png', { type: 'image/png' }),
      'Please select an image file',
    ],
  ])('alerts for %s and keeps the box empty', async (_name, file, message) => {
    await choose(file);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
    expect(screen.queryByRole('button', { name: '制作印章' })).toBeNull();
  });

  it('takes a dropped photo', async () => {
    const dropZone = screen.getByText('点击选择照片，或拖到这里').closest('label') as HTMLElement;
    await act(async () => {
      fireEvent.drop(dropZone, { dataTransfer: { files: [png()], types: ['Files'] } });
    });
    expect(await makeButton()).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows the cropper tools and the mode radios; red handling only outside seal mode', async () => {
    await choose(png());
    await makeButton();
    const tools = screen.getByRole('group', { name: '裁剪工具' });
    for (const name of ['放大', '缩小', '上移', '下移', '左移', '右移', '旋转']) {
      expect(within(tools).getByRole('button', { name })).toBeTruthy();
    }
    expect((screen.getByRole('radio', { name: '印章模式' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(screen.queryByRole('radio', { name: '仅红色' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '图片模式' }));
    for (const name of ['不处理', '仅红色', '全部变红']) {
      expect(screen.getByRole('radio', { name })).toBeTruthy();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('制作印章 is busy while waiting, then shows the result with slider, toggle and download', async () => {
    const answer = deferred<Response>();
    fetch.mockImplementationOnce(() => answer.promise);
    await choose(png());
    fireEvent.click(await makeButton());
    const busy = await screen.findByRole('button', { name: '稍等片刻...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // blob:test/1 was the check that the browser can draw the photo; the photo's own URL is next.
    expect(exportCrop).toHaveBeenCalledWith('blob:test/2', { area: null, rotation: 0 });
    await act(async () => answer.resolve(stampResponse('parsed', 'pid-1')));

    const img = (await screen.findByAltText('提取的印章')) as HTMLImageElement;
    expect(img.src).toMatch(/^blob:/);
    expect(((await makeButton()) as HTMLButtonElement).disabled).toBe(false);
    const key = sealStore.getState().stampKey;
    // Seal mode starts with the automatic clarity; the slider rests on the calibrated level.
    expect(key).toBe('0-auto-0');
    expect(slider()).toMatchObject({ min: '0', max: '3', value: String(CLARITY[0].default) });
    expect(screen.getByRole('switch', { name: '自动' })).toMatchObject({ checked: true });
    const link = screen.getByRole('link', { name: '下载' });
    expect(link.getAttribute('download')).toBe(`seal-${key}.png`);
    expect(link.getAttribute('href')).toBe(img.getAttribute('src'));

    const stage = img.parentElement as HTMLElement;
    expect(stage.dataset.checkered).toBe('false');
    fireEvent.click(screen.getByRole('switch', { name: '透明背景' }));
    expect(stage.dataset.checkered).toBe('true');
  });

  it('the arrows and the slider ask for other keys; a key seen before comes from the cache', async () => {
    await uploadAndMake();
    fireEvent.click(screen.getByRole('radio', { name: '图片模式' }));
    await waitFor(() => expect(slider().value).toBe('12'));
    expect(slider().max).toBe('19');
    fireEvent.click(screen.getByRole('button', { name: '提高清晰度' }));
    await waitFor(() => expect(slider().value).toBe('13'));
    fireEvent.change(slider(), { target: { value: '19' } });
    await waitFor(() => expect(sealStore.getState().stampKey).toBe('2-19-0'));
    expect((screen.getByRole('button', { name: '提高清晰度' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: '降低清晰度' }));
    fireEvent.click(screen.getByRole('radio', { name: '全部变红' }));
    await waitFor(() => expect(sealStore.getState().stampKey).toBe('2-18-2'));
    expect(grayCalls()).toEqual(['2-12-0', '2-13-0', '2-19-0', '2-18-0', '2-18-2']);
    const gray = fetch.mock.calls.find(([url]) => url === '/v1/stamp/gray');
    expect(new Headers(gray?.[1]?.headers).get('pid')).toBe('pid-1');

    fireEvent.click(screen.getByRole('radio', { name: '不处理' }));
    fireEvent.click(screen.getByRole('radio', { name: '印章模式' }));
    expect(grayCalls()).toHaveLength(5);
    expect(screen.getByRole('link', { name: '下载' }).getAttribute('download')).toBe(
      'seal-0-auto-0.png',
    );
  });

  it('in seal mode the slider turns 自动 off, 自动 and 纯色 change the key', async () => {
    await uploadAndMake();
    fireEvent.click(screen.getByRole('button', { name: '提高清晰度' }));
    await waitFor(() =>
      expect(sealStore.getState().stampKey).toBe(`0-${CLARITY[0].default + 1}-0`),
    );
    expect(screen.getByRole('switch', { name: '自动' })).toMatchObject({ checked: false });
    fireEvent.click(screen.getByRole('switch', { name: '纯色' }));
    await waitFor(() =>
      expect(sealStore.getState().stampKey).toBe(`0-${CLARITY[0].default + 1}-2`),
    );
    fireEvent.click(screen.getByRole('switch', { name: '自动' }));
    await waitFor(() => expect(sealStore.getState().stampKey).toBe('0-auto-2'));
    expect(grayCalls()).toEqual([
      `0-${CLARITY[0].default + 1}-0`,
      `0-${CLARITY[0].default + 1}-2`,
      '0-auto-2',
    ]);
  });

  it.each([
    [413, 'file too large', '“seal-photo”超过 5MB，请换一张小一些的图片。'],
    [415, 'unsupported', '服务器无法识别“seal-photo”，请选择 PNG、JPG 或 WebP 图片。'],
    [422, 'cannot decode', '“seal-photo”无法读取，可能已损坏，请换一张。'],
    [503, 'busy', '服务器正忙，请稍后再试。'],
    // Our words, never the server's: 'disk full' stays in the debug log.
    [500, 'disk full', '“seal-photo”提取失败。请重试；如果仍然失败，请换一张照片。'],
  ])('a %i clears the busy state and says what went wrong', async (status, message, text) => {
    fetch.mockImplementation(() =>
      Promise.resolve(jsonResponse(status, { error: { code: 'x', message } })),
    );
    await choose(png());
    fireEvent.click(await makeButton());
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(((await makeButton()) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByAltText('提取的印章')).toBeNull();
  });

  it.each([
    ['cut off', () => imageLooksComplete.mockReturnValueOnce(false)],
    ['undecodable', () => loadImage.mockRejectedValueOnce(new Error('EncodingError'))],
  ])(
    'refuses a photo the browser cannot draw (%s), naming it, before any upload',
    async (_, make) => {
      vi.spyOn(console, 'debug').mockImplementation(() => {});
      make();
      await choose(png('合同照片.png'));
      expect((await screen.findByRole('alert')).textContent).toBe(
        '“合同照片.png”无法读取，可能已损坏，请换一张。',
      );
      expect(screen.queryByRole('button', { name: '制作印章' })).toBeNull();
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('says 未找到印章 when the photo holds no seal', async () => {
    isBlankImage.mockResolvedValueOnce(true);
    await uploadAndMake();
    const status = (await screen.findByText('未找到印章')).closest('[role="status"]');
    expect(status?.textContent).toContain('照片中没有找到印章');
    // Another level that finds ink takes the message away.
    fireEvent.click(screen.getByRole('button', { name: '降低清晰度' }));
    await waitFor(() => expect(screen.queryByText('未找到印章')).toBeNull());
  });
});
