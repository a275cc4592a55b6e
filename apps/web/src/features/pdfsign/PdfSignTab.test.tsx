import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { sealStore } from '../../store';
import PdfSignTab from './PdfSignTab';

// pdf.js is loaded when the tab opens and used once a PDF is chosen; these tests never choose one.
vi.mock('./pdfjs', () => ({ openForView: vi.fn(), preloadPdfjs: vi.fn() }));

afterEach(() => {
  cleanup();
  sealStore.getState().setPdfMode('normal');
  sealStore.getState().setActiveTab('make');
});

describe('the PDF签章 tab before a PDF is chosen', () => {
  it('offers a PDF picker with its tip, the side panel, and the gallery', () => {
    render(<PdfSignTab />);
    const input = screen.getByLabelText('选择PDF') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('application/pdf');
    expect(screen.getByText('PDF up to 100M')).toBeTruthy();
    expect(screen.getByText('建议将印章保存到本地')).toBeTruthy();
    expect(screen.getByRole('button', { name: '编辑完成' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '我的印章' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '手写签名' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '骑缝章' })).toBeTruthy();
  });

  it('switches between 正常签章 and 批量签章', () => {
    render(<PdfSignTab />);
    fireEvent.click(screen.getByRole('radio', { name: '批量签章' }));
    expect(sealStore.getState().pdfMode).toBe('batch');
    expect(screen.getByText(/每一页的相同位置/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '正常签章' }));
    expect(sealStore.getState().pdfMode).toBe('normal');
  });

  it('goes to the seal tab from 制作印章, and asks for a PDF before 编辑完成', () => {
    render(<PdfSignTab />);
    sealStore.getState().setActiveTab('pdfsign');
    fireEvent.click(screen.getByRole('button', { name: '制作印章' }));
    expect(sealStore.getState().activeTab).toBe('make');
    const finish = screen.getByRole('button', { name: '编辑完成' });
    fireEvent.click(finish);
    expect(screen.getByRole('alert').textContent).toBe('请先选择PDF，再放置印章。');
    // Next to the button, where a phone user is looking (issue 18).
    expect(finish.nextElementSibling).toBe(screen.getByRole('alert'));
  });
});
