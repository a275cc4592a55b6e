import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from './App';
import i18n from './i18n';
import { jsonResponse, mockFetch } from './test/helpers';

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

describe('app shell', () => {
  beforeEach(() => {
    localStorage.clear();
    mockFetch((url) =>
      jsonResponse(200, url === '/v1/site' ? { contact: 'help@example.org' } : {}),
    );
  });

  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('shows the seal-making tab, selected, with its panel', () => {
    renderAt('/');
    const tab = screen.getByRole('tab', { name: '制作印章' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(tab.tabIndex).toBe(0);
    const panel = screen.getByRole('tabpanel', { name: '制作印章' });
    expect(within(panel).getByLabelText('名称')).toBeTruthy();
  });

  it('has the 图片签章 tab after 制作印章; the arrows move between them', async () => {
    renderAt('/');
    const make = screen.getByRole('tab', { name: '制作印章' });
    const sign = screen.getByRole('tab', { name: '图片签章' });
    await act(async () => fireEvent.keyDown(make, { key: 'ArrowRight' }));
    expect(document.activeElement).toBe(sign);
    expect(sign.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('选择图片')).toBeTruthy();
    await act(async () => fireEvent.keyDown(sign, { key: 'ArrowLeft' }));
    expect(document.activeElement).toBe(make);
  });

  it('has a footer with the copyright, the contact address, the QR code and the notice', async () => {
    renderAt('/');
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} 印章 Yinzhang`);
    expect(footer.textContent).toContain('合法用途');
    const mail = await within(footer).findByRole('link', { name: 'help@example.org' });
    expect(mail.getAttribute('href')).toBe('mailto:help@example.org');
    const qr = (await within(footer).findByRole('img', {
      name: '本站网址二维码',
    })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
  });

  it('switches to English, remembers it and sets the page language', async () => {
    renderAt('/');
    expect(document.documentElement.lang).toBe('zh-CN');
    const select = screen.getByRole('combobox', { name: '语言 / Language' });
    await act(async () => fireEvent.change(select, { target: { value: 'en' } }));
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('tab', { name: 'Make a seal' })).toBeTruthy();
    expect(screen.getByRole('contentinfo').textContent).toContain('lawful use only');
  });

  it('shows a not-found view with a way home for unknown paths', () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('heading', { name: '页面不存在' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '返回首页' }));
    expect(screen.getByRole('tab', { name: '制作印章' })).toBeTruthy();
  });

  it('serves the PDF tools at /pdf, with links between the two pages', async () => {
    renderAt('/pdf');
    const nav = screen.getByRole('navigation', { name: '页面' });
    expect(within(nav).getByRole('link', { name: 'PDF工具' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['PDF编辑', 'PDF合并', '图片转PDF']);
    expect(await screen.findByLabelText('选择PDF')).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: '首页' }));
    expect(screen.getByRole('tab', { name: '制作印章' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '文件转换' })).toBeTruthy();
  });
});
