import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { jsonResponse, mockFetch, pngResponse, stubObjectUrls } from '../../test/helpers';
import { AUTO_MAKE_DELAY_MS, shouldAutoMake } from './autoMake';
import MakeSealTab from './MakeSealTab';

// jsdom has no canvas: the local drawing is replaced, the rest of the flow is real.
const renderLocalSeal = vi.hoisted(() =>
  vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
);
vi.mock('../../seal/localSeal', () => ({ renderLocalSeal }));

let fetch: ReturnType<typeof mockFetch>;
let counter = 0;
/** A fresh name per test: the store (and its cache) is shared by the whole file. */
const uniqueName = (base: string) => `${base}${++counter}号`;

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const calls = () => fetch.mock.calls.map(([url]) => url);
/** Back to real time, so that findBy* can wait for the answer to be read and shown. */
const realTime = () => vi.useRealTimers();

describe('shouldAutoMake', () => {
  it.each([
    ['', false],
    ['北京某', false],
    ['  北京某  ', false],
    ['北京某某', true],
    ['abcd', true],
    ['𠀀𠀀𠀀', false],
  ])('%j -> %s', (name, expected) => {
    expect(shouldAutoMake(name)).toBe(expected);
  });
});

describe('make a seal by name', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubObjectUrls();
    fetch = mockFetch((url) =>
      url === '/v1/file/mark' ? jsonResponse(200, { mid: 'local' }) : pngResponse('server'),
    );
    renderLocalSeal.mockClear();
    render(<MakeSealTab />);
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('limits the three inputs', () => {
    expect(input('名称').maxLength).toBe(30);
    expect(input('横排文字').maxLength).toBe(8);
    expect(input('防伪码').maxLength).toBe(18);
    type('防伪码', '11-01 08a中');
    expect(input('防伪码').value).toBe('110108a');
  });

  it('does not ask for a seal while the name has 3 characters, and asks once at 4', async () => {
    type('名称', '北京某');
    await wait(AUTO_MAKE_DELAY_MS * 3);
    expect(fetch).not.toHaveBeenCalled();

    type('名称', '北京某某');
    await wait(AUTO_MAKE_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await wait(1);
    expect(calls()).toEqual(['/v1/stamp/create']);
    await wait(AUTO_MAKE_DELAY_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('waits for typing to pause and asks once, for the latest input', async () => {
    const name = uniqueName('上海某某');
    type('名称', `${name.slice(0, 4)}`);
    await wait(100);
    type('名称', name);
    await wait(100);
    type('横排文字', '合同专用章');
    await wait(AUTO_MAKE_DELAY_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      name,
      title: '合同专用章',
      code: '',
    });
  });

  it('shows the preview and a download named after the seal', async () => {
    const name = uniqueName('北京某某科技有限公司');
    type('名称', name);
    await wait(AUTO_MAKE_DELAY_MS);
    realTime();
    const img = (await screen.findByAltText('印章预览')) as HTMLImageElement;
    expect(img.src).toMatch(/^blob:/);
    const link = screen.getByRole('link', { name: /下载/ });
    expect(link.getAttribute('download')).toBe(`${name}.png`);
    expect(link.getAttribute('href')).toBe(img.getAttribute('src'));
  });

  it('reuses the cached seal when the same input comes back', async () => {
    const name = uniqueName('广州某某');
    type('名称', name);
    await wait(AUTO_MAKE_DELAY_MS);
    type('名称', `${name}X`);
    await wait(AUTO_MAKE_DELAY_MS);
    type('名称', name);
    await wait(AUTO_MAKE_DELAY_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('makes the local seal at once on Enter, without the pending server request', async () => {
    const name = uniqueName('深圳某某');
    type('名称', name);
    type('防伪码', '1101');
    fireEvent.keyDown(input('防伪码'), { key: 'Enter' });
    await wait(AUTO_MAKE_DELAY_MS * 2);
    expect(renderLocalSeal).toHaveBeenCalledWith({ name, title: '', code: '1101' });
    expect(calls()).toEqual(['/v1/file/mark']);
    realTime();
    expect(await screen.findByAltText('印章预览')).toBeTruthy();
  });

  it('makes the local seal on Enter even for a short name', async () => {
    type('名称', '王');
    fireEvent.keyDown(input('名称'), { key: 'Enter' });
    await wait(0);
    expect(renderLocalSeal).toHaveBeenCalledTimes(1);
  });

  it('does not treat the Enter that confirms an input-method candidate as a request', async () => {
    type('名称', '北京');
    fireEvent.keyDown(input('名称'), { key: 'Enter', keyCode: 229 });
    await wait(0);
    expect(renderLocalSeal).not.toHaveBeenCalled();
  });

  it('asks for a name when Enter is pressed with none', async () => {
    fireEvent.keyDown(input('横排文字'), { key: 'Enter' });
    realTime();
    expect((await screen.findByRole('alert')).textContent).toBe('请输入名称');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a busy hint while making and the error when it fails', async () => {
    let answer!: (r: Response) => void;
    fetch.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    type('名称', uniqueName('杭州某某'));
    await wait(AUTO_MAKE_DELAY_MS);
    expect(screen.getByRole('status').textContent).toBe('稍等片刻...');
    realTime();
    await act(async () =>
      answer(jsonResponse(400, { error: { code: 'invalid', message: 'name is too long' } })),
    );
    // Ours, not the server's 'name is too long' (issue 19).
    expect((await screen.findByRole('alert')).textContent).toBe(
      '服务器不接受输入的内容，请检查名称、横排文字和防伪码后再试。',
    );
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it.each([
    [500, '印章制作失败。请重试；如果仍然失败，请稍后再试。'],
    [503, '印章制作失败。请重试；如果仍然失败，请稍后再试。'],
  ])('says a server failure (%i) in our words, never the server’s', async (status, text) => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    fetch.mockImplementation(async () =>
      jsonResponse(status, {
        error: { code: 'INTERNAL', message: 'SQLITE_BUSY: database is locked' },
      }),
    );
    type('名称', uniqueName('广州某某'));
    await wait(AUTO_MAKE_DELAY_MS);
    realTime();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('names the field holding a character that is not text', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => {});
    type('横排文字', '合同\u200b专用章');
    type('名称', uniqueName('深圳某某'));
    fireEvent.keyDown(input('名称'), { key: 'Enter' });
    realTime();
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“横排文字”中有控制字符或不可见字符（如零宽字符），请删除后再试。',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
