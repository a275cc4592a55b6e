import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { sealStore } from '../../store';
import TimestampSetting from './TimestampSetting';
import { timestampRelayUrl } from './tsa';

afterEach(() => {
  cleanup();
  sealStore.getState().setDigsigTimestamp(false);
  sealStore.getState().setDigsigTsaUrl(null);
});

describe('the timestamp setting', () => {
  it('is off by default and offers the server’s authorities', async () => {
    const urls = ['http://tsa.one/', 'http://tsa.two/'];
    render(<TimestampSetting list={async () => urls} />);
    const box = screen.getByRole('checkbox', { name: /加可信时间戳/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await screen.findByLabelText('时间戳服务器');
    expect(box.disabled).toBe(false);
    fireEvent.click(box);
    expect(sealStore.getState().digsigTimestamp).toBe(true);
    fireEvent.change(screen.getByLabelText('时间戳服务器'), {
      target: { value: 'http://tsa.two/' },
    });
    expect(sealStore.getState().digsigTsaUrl).toBe('http://tsa.two/');
  });

  it('cannot be switched on when the server relays to no authority, and says why', async () => {
    sealStore.getState().setDigsigTimestamp(true);
    render(<TimestampSetting list={async () => []} />);
    await screen.findByText(/本站未配置时间戳服务器/);
    const box = screen.getByRole('checkbox', { name: /加可信时间戳/ }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(sealStore.getState().digsigTimestamp).toBe(false);
  });
});

describe('timestampRelayUrl', () => {
  it.each([
    [null, 'https://site.test/v1/tsa'],
    ['http://tsa.two/x?y=1', 'https://site.test/v1/tsa?url=http%3A%2F%2Ftsa.two%2Fx%3Fy%3D1'],
  ])('%s -> %s', (authority, url) => {
    expect(timestampRelayUrl('https://site.test', authority)).toBe(url);
  });
});
