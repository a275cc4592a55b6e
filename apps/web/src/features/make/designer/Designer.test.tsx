import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { designFor, type SealDesign, sealImageMm } from '@yinzhang/seal';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { columnLayout } from '../../../model/column';
import { createSealStore, memoryStorage } from '../../../store';
import { jsonResponse, mockFetch, pngResponse, stubObjectUrls } from '../../../test/helpers';
import { AUTO_MAKE_DELAY_MS } from '../autoMake';
import MakeSealTab from '../MakeSealTab';
import { printPx } from './ExportButtons';

// jsdom has no canvas: both drawings are replaced; the rest of the flow is real.
const renderLocalSeal = vi.hoisted(() =>
  vi.fn(async () => new Blob(['classic'], { type: 'image/png' })),
);
const renderDesignedSeal = vi.hoisted(() =>
  vi.fn(
    async (_input: unknown, _design: SealDesign) => new Blob(['designed'], { type: 'image/png' }),
  ),
);
vi.mock('../../../seal/localSeal', () => ({ renderLocalSeal }));
vi.mock('../../../seal/renderDesigned', () => ({ renderDesignedSeal }));

let fetch: ReturnType<typeof mockFetch>;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const calls = () => fetch.mock.calls.map(([url]) => url);
const lastDesign = () => renderDesignedSeal.mock.calls.at(-1)?.[1];

describe('the seal designer in 制作印章', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubObjectUrls();
    fetch = mockFetch((url) =>
      url === '/v1/file/mark' ? jsonResponse(200, { mid: 'local' }) : pngResponse('server'),
    );
    renderDesignedSeal.mockClear();
    render(<MakeSealTab />);
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('offers the five presets as radios, the classic seal chosen', () => {
    const radios = screen
      .getAllByRole('radio')
      .filter((r) => r.getAttribute('name')?.endsWith('preset'));
    expect(radios.map((r) => r.parentElement?.textContent)).toEqual([
      '公章（圆形 42 毫米）',
      '合同专用章（圆形 40 毫米）',
      '财务专用章（圆形 38 毫米）',
      '发票专用章（椭圆 40×30 毫米）',
      '名章（方形）',
    ]);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
  });

  it('the invoice preset: its title, a 20-character taxpayer number, drawn here in the oval', async () => {
    fireEvent.click(screen.getByRole('radio', { name: /发票专用章/ }));
    expect(input('横排文字').value).toBe('发票专用章');
    expect(input('纳税人识别号').maxLength).toBe(20);
    type('纳税人识别号', '91110108MA01ABCD2X');
    type('名称', '北京某某科技有限公司');
    await wait(AUTO_MAKE_DELAY_MS);
    // Drawn in the browser and registered; the server's /v1/stamp/create is never asked.
    expect(calls()).toEqual(['/v1/file/mark']);
    expect(renderDesignedSeal).toHaveBeenCalledTimes(1);
    expect(lastDesign()).toEqual(designFor('invoice'));
    expect(renderDesignedSeal.mock.calls[0]?.[0]).toMatchObject({
      name: '北京某某科技有限公司',
      title: '发票专用章',
      code: '91110108MA01ABCD2X',
    });
  });

  it('更多选项: a new colour draws the seal again, live', async () => {
    fireEvent.click(screen.getByRole('radio', { name: /合同专用章/ }));
    type('名称', '上海某某贸易有限公司');
    await wait(AUTO_MAKE_DELAY_MS);
    expect(lastDesign()?.colour).toBe('red');
    fireEvent.click(screen.getByText('更多选项'));
    const details = screen.getByText('更多选项').closest('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    fireEvent.click(screen.getByRole('radio', { name: '蓝色' }));
    await wait(AUTO_MAKE_DELAY_MS);
    expect(lastDesign()).toMatchObject({ colour: 'blue', widthMm: 40 });
    fireEvent.change(screen.getByLabelText('透明度'), { target: { value: '0.5' } });
    await wait(AUTO_MAKE_DELAY_MS);
    expect(lastDesign()).toMatchObject({ colour: 'blue', opacity: 0.5 });
  });

  it('名章: a name of up to four characters, no title or code', async () => {
    fireEvent.click(screen.getByRole('radio', { name: /名章/ }));
    expect(screen.queryByLabelText('横排文字')).toBeNull();
    expect(input('姓名').maxLength).toBe(4);
    type('姓名', '张三');
    await wait(AUTO_MAKE_DELAY_MS);
    expect(lastDesign()?.shape).toBe('square');
  });
});

describe('the physical size travels with a designed seal', () => {
  it('a 40 mm seal is kept as 40 mm and placed on A4 so that the seal prints 40 mm', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { mid: 'm40' })),
    );
    stubObjectUrls();
    const store = createSealStore({
      renderLocal: async () => new Blob(['x'], { type: 'image/png' }),
      storage: memoryStorage(),
    });
    await store
      .getState()
      .makeSeal('local', { name: '某某公司', title: '', code: '' }, designFor('contract'));
    const entry = store.getState().stamps.find((e) => e.kind === 'made');
    expect(entry?.sizeMm).toBe(40);
    const A4 = { width: 595.28, height: 841.89 };
    store.getState().openPdfDoc({ name: 'a.pdf', file: new Blob([]), pages: [A4] });
    const layout = columnLayout([A4], 600);
    if (!entry) throw new Error('no entry');
    store.getState().placePdfStamp(entry, 1, 0, layout);
    const [p] = store.getState().pdfPlacements;
    const imagePt = (p?.box.width ?? 0) * A4.width;
    // The seal is 126/128 of its image.
    const sealMm = ((imagePt * 25.4) / 72) * (126 / 128);
    expect(sealMm).toBeCloseTo(40, 6);
    expect(imagePt).toBeCloseTo((sealImageMm(40) * 72) / 25.4, 6);
    vi.unstubAllGlobals();
  });

  it('the print PNG is 600 dpi of the image', () => {
    expect(printPx(40)).toBe(960);
    expect(printPx(42)).toBe(1008);
  });
});
