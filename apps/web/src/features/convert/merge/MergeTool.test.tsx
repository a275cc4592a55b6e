import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { jsonResponse, mockFetch, stubObjectUrls } from '../../../test/helpers';
import type { PdfJob } from '../../../workers/protocol';
import MergeTool from './MergeTool';

// The worker, replaced: files named locked*.pdf need the password 'secret'.
vi.mock('../../../workers/pdfJobs', () => ({
  pdfJobs: () => ({
    run: async (job: PdfJob) => {
      if (job.kind === 'inspect') {
        const text = new TextDecoder().decode(job.bytes);
        if (text.includes('SIGNED')) return { ok: true, pages: 1, signatures: 2 };
        if (!text.includes('LOCKED') || job.password === 'secret') return { ok: true, pages: 2 };
        return job.password
          ? { ok: false, code: 'PASSWORD_WRONG', message: '' }
          : { ok: false, code: 'PASSWORD_REQUIRED', message: '' };
      }
      if (job.kind === 'merge') {
        return {
          bytes: new Uint8Array([37, 80, 68, 70]).buffer,
          results: job.files.map((f) => ({ name: f.name, ok: true, pages: 2 })),
        };
      }
      throw new Error('unexpected');
    },
  }),
}));

const pdf = (name: string, body = '') =>
  new File([`%PDF-1.7\n${body}`], name, { type: 'application/pdf' });

describe('merge tool', () => {
  beforeEach(() => {
    stubObjectUrls();
    mockFetch(() => jsonResponse(200, {}));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists picked PDFs with page counts and status, asks for a password, and merges', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<MergeTool />);
    const input = screen.getByLabelText('选择PDF文件') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('application/pdf');

    const files = [
      pdf('a.pdf'),
      new File(['hi'], 'x.txt', { type: 'text/plain' }),
      pdf('locked.pdf', 'LOCKED'),
    ];
    await act(async () => {
      fireEvent.change(input, { target: { files } });
    });
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Please select an pdf file'));

    const dialog = await screen.findByRole('dialog', { name: '输入密码' });
    const list = screen.getByRole('list', { name: '待合并的文件' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('2 页')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'guess' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('密码错误，请重试。');
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(list.querySelectorAll('[data-status="true"]')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: '合成' }));
    expect(await screen.findByText('已合成 4 页（2 个文件），文件已开始下载。')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^merged-\d{8}-\d{6}\.pdf$/);
    expect(screen.getByRole('link', { name: `再次下载 ${link.download}` })).toBeTruthy();
  });

  it('says in the row of a signed file, before 合成, that its signatures are not kept', async () => {
    render(<MergeTool />);
    const input = screen.getByLabelText('选择PDF文件') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, {
        target: { files: [pdf('contract.pdf', 'SIGNED'), pdf('plain.pdf')] },
      });
    });
    const list = screen.getByRole('list', { name: '待合并的文件' });
    const note = await within(list).findByText(
      '带有 2 个数字签名，合成后不保留（合并生成的是新文档）',
    );
    expect(note.closest('li')?.textContent).toContain('contract.pdf');
    expect(list.querySelectorAll('[data-signatures-dropped]')).toHaveLength(1);
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(
      within(list).getByText(
        'Carries 2 digital signatures, which the merged file does not keep (a merge makes a new document)',
      ),
    ).toBeTruthy();
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
    });
  });
});
