import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, pngResponse, stubObjectUrls } from '../test/helpers';
import { createSealStore } from './index';

const input = { name: '北京某某科技有限公司', title: '合同专用章', code: '' };
const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

describe('making a seal when the server cannot be reached', () => {
  beforeEach(() => {
    localStorage.clear();
    stubObjectUrls();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    {
      case: 'server method, offline',
      method: 'server' as const,
      answer: unreachable,
      expected: { method: 'local', mid: '', drawnHere: true, offline: true },
    },
    {
      case: 'server method, proxy says 502',
      method: 'server' as const,
      answer: () => jsonResponse(502, { error: { code: 'x', message: 'bad gateway' } }),
      expected: { method: 'local', mid: '', drawnHere: true, offline: true },
    },
    {
      case: 'local method, /v1/file/mark unreachable',
      method: 'local' as const,
      answer: unreachable,
      expected: { method: 'local', mid: '', drawnHere: true, offline: true },
    },
    {
      case: 'server method, online',
      method: 'server' as const,
      answer: () => pngResponse('server-mid'),
      expected: { method: 'server', mid: 'server-mid', drawnHere: false, offline: false },
    },
  ])('$case', async ({ method, answer, expected }) => {
    const renderLocal = vi.fn(async () => new Blob(['local png'], { type: 'image/png' }));
    mockFetch(answer);
    const store = createSealStore({ renderLocal });
    await store.getState().makeSeal(method, input);
    const state = store.getState();
    expect(state.makeError).toBeNull();
    expect(state.currentStamp).toMatchObject({ method: expected.method, mid: expected.mid });
    expect(renderLocal).toHaveBeenCalledTimes(expected.drawnHere ? 1 : 0);
    expect(state.madeOffline).toBe(expected.offline);
  });

  it('still reports a refusal by the server (it was reached)', async () => {
    const renderLocal = vi.fn(async () => new Blob(['local png'], { type: 'image/png' }));
    mockFetch(() => jsonResponse(400, { error: { code: 'TEXT', message: '名称太长' } }));
    const store = createSealStore({ renderLocal });
    await store.getState().makeSeal('server', input);
    expect(store.getState().makeError).toEqual({
      reason: 'failed',
      status: 400,
      message: '名称太长',
    });
    expect(renderLocal).not.toHaveBeenCalled();
  });
});
