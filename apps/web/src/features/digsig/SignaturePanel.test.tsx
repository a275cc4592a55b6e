import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { SignatureReport } from '@yinzhang/pdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { sealStore } from '../../store';
import SignaturePanel from './SignaturePanel';

const base: SignatureReport = {
  field: 'Sig1',
  signer: '张三',
  signedAt: '2026-01-02T03:04:05Z',
  signedAtSource: 'M',
  intact: true,
  wholeDocument: true,
  trusted: false,
  subFilter: 'ETSI.CAdES.detached',
  selfSigned: true,
  changesAfter: [],
  problems: [],
  problemCodes: [],
};

afterEach(cleanup);

describe('the signature panel', () => {
  it('lists each signature: signer as text, verdict, trust, self-signed, changes in words', async () => {
    const verify = vi.fn(async () => [
      base,
      {
        ...base,
        field: 'Sig2',
        signer: 'Acme CA user',
        selfSigned: false,
        trusted: true,
        wholeDocument: false,
        signedAtSource: 'timestamp' as const,
        changesAfter: ['PAGES_ADDED', 'ANNOTATIONS_CHANGED'] as const,
      },
      {
        ...base,
        field: 'Sig3',
        signer: null,
        intact: false,
        signedAt: null,
        problems: [
          'The signature does not verify (Validation failed)',
          'The timestamp token cannot be read',
        ],
        problemCodes: [
          {
            code: 'SIGNATURE_INVALID' as const,
            message: 'The signature does not verify (Validation failed)',
            detail: 'Validation failed',
          },
          { code: 'TIMESTAMP_UNREADABLE' as const, message: 'The timestamp token cannot be read' },
        ],
      },
    ]);
    const file = new Blob(['%PDF']);
    render(<SignaturePanel file={file} password="pw" verify={verify} />);
    const panel = await screen.findByRole('region', { name: '签名验证' });
    expect(verify).toHaveBeenCalledWith({ file, password: 'pw', trust: [] });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('span')?.textContent)).toEqual([
      '签名有效',
      '签名后有修改',
      '签名无效（文件已被改动）',
    ]);
    expect(items[0]?.textContent).toContain('签名人：张三');
    expect(items[0]?.textContent).toContain('证书不受信任 · 自签名');
    expect(items[0]?.textContent).toContain('签名人电脑时间');
    expect(items[1]?.textContent).toContain('证书可信');
    expect(items[1]?.textContent).not.toContain('自签名');
    expect(items[1]?.textContent).toContain('可信时间戳');
    expect(items[1]?.textContent).toContain('签名后的改动：增加了页面、注释有改动');
    expect(items[2]?.textContent).toContain('（证书中无姓名）');
    expect(items[2]?.textContent).toContain('签名时间：未知');
    // The engine's problems by code, in the user's language (not the engine's English).
    expect(items[2]?.textContent).toContain('问题：签名校验不通过；无法读取时间戳');
    expect(items[2]?.textContent).not.toMatch(/does not verify|cannot be read/);
    expect(items[0]?.textContent).not.toContain('问题');
  });

  it('shows nothing for a PDF without signatures, or without a PDF', async () => {
    const verify = vi.fn(async () => []);
    const { container, rerender } = render(
      <SignaturePanel file={new Blob(['%PDF'])} verify={verify} />,
    );
    await vi.waitFor(() => expect(container.textContent).toBe(''));
    rerender(<SignaturePanel file={null} verify={verify} />);
    expect(container.textContent).toBe('');
  });

  it('checks again with the trust anchors the user adds', async () => {
    const verify = vi.fn(async ({ trust }: { trust: Uint8Array[] }) => [
      { ...base, trusted: trust.length > 0 },
    ]);
    render(<SignaturePanel file={new Blob(['%PDF'])} verify={verify} />);
    await screen.findByText('证书不受信任 · 自签名');
    // As the store does after reading the file (the certificate parsing is tested in packages/pdf).
    act(() =>
      sealStore.setState({
        trustAnchors: [{ id: 'a', name: '张三', der: Uint8Array.of(1), addedAt: 1 }],
      }),
    );
    await screen.findByText('证书可信 · 自签名');
    expect(screen.getByRole('button', { name: '移除 张三' })).toBeTruthy();
    expect(screen.getByLabelText('添加信任的证书')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '移除 张三' }));
    await screen.findByText('证书不受信任 · 自签名');
  });

  it('says a PDF with a password must be opened with it; other failures in words', async () => {
    const locked = vi.fn(async () => {
      throw Object.assign(new Error('This PDF is protected by a password'), {
        code: 'PASSWORD_REQUIRED',
      });
    });
    const { rerender } = render(<SignaturePanel file={new Blob(['%PDF'])} verify={locked} />);
    await screen.findByText(/此PDF有密码/);
    const broken = vi.fn(async () => {
      throw new Error('no trailer');
    });
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    rerender(<SignaturePanel file={new File(['%PDF-2'], '合同.pdf')} verify={broken} />);
    // Ours, naming the file; the engine's words only in the debug log (issue 19).
    const text = await screen.findByText(/^无法检查签名。/);
    expect(text.textContent).toContain('“合同.pdf”');
    expect(text.textContent).not.toContain('no trailer');
    expect(debug).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ message: 'no trailer' }),
    );
    debug.mockRestore();
  });
});
