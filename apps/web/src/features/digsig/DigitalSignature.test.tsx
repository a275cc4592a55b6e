import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { sealStore } from '../../store';
import { backupName } from './CertificateBackup';
import DigitalSignature from './DigitalSignature';
import { verdictOf } from './SignaturePanel';

afterEach(() => {
  cleanup();
  sealStore.getState().setDigsigEnabled(false);
  sealStore.getState().setDigsigP12(null);
  sealStore.getState().setDigsigOutcome({ error: null, warnings: [] });
  void sealStore.getState().forgetGeneratedKey();
});

describe('数字签名 controls', () => {
  it('say what a signature proves, and show the key controls once switched on', () => {
    render(<DigitalSignature />);
    const box = screen.getByRole('checkbox', { name: '数字签名' });
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/只有CA颁发的证书才能证明签名人身份/)).toBeTruthy();
    expect(screen.queryByLabelText('证书文件')).toBeNull();
    fireEvent.click(box);
    expect(sealStore.getState().digsigEnabled).toBe(true);
    const file = screen.getByLabelText('证书文件') as HTMLInputElement;
    expect(file.type).toBe('file');
    expect(file.accept).toContain('.p12');
    expect(file.accept).toContain('.pfx');
    expect((screen.getByLabelText('证书密码') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('button', { name: '生成证书' })).toBeTruthy();
    expect(screen.getByText('请选择证书文件，或生成证书。')).toBeTruthy();
    // Timestamps are off until asked for (TimestampSetting.test.tsx has the rest).
    const tsa = screen.getByRole('checkbox', { name: /加可信时间戳/ }) as HTMLInputElement;
    expect(tsa.checked).toBe(false);
  });

  it('uses a picked .p12 with its password', () => {
    render(<DigitalSignature />);
    fireEvent.click(screen.getByRole('checkbox', { name: '数字签名' }));
    const p12 = new File(['x'], 'me.p12', { type: 'application/x-pkcs12' });
    fireEvent.change(screen.getByLabelText('证书文件'), { target: { files: [p12] } });
    fireEvent.change(screen.getByLabelText('证书密码'), { target: { value: 'secret' } });
    expect(sealStore.getState().digsigP12?.name).toBe('me.p12');
    expect(sealStore.getState().digsigP12Password).toBe('secret');
    expect(screen.getByText('签名使用：证书文件 me.p12')).toBeTruthy();
  });

  it('shows a signing error next to the control, in words', () => {
    render(<DigitalSignature />);
    act(() =>
      sealStore.getState().setDigsigOutcome({
        error: { code: 'P12_PASSWORD_WRONG', message: 'The password does not open it' },
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe('证书密码错误。');
    act(() =>
      sealStore.getState().setDigsigOutcome({ error: { code: 'TSA_FAILED', message: 'timeout' } }),
    );
    expect(screen.getByRole('alert').textContent).toContain('时间戳服务器没有应答');
    act(() =>
      sealStore.getState().setDigsigOutcome({
        error: null,
        warnings: ['The certificate expired on 2020-01-01'],
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/^已签名，但请注意：证书已于 2020-01-01 过期/)).toBeTruthy();
  });

  it('makes a certificate for the typed name and offers the backup once, with a password', async () => {
    const backup = vi.fn(async () => new Uint8Array([1, 2, 3]));
    const generate = vi
      .spyOn(sealStore.getState(), 'generateCertificate')
      .mockImplementation(async (name) => ({ commonName: name, backup }));
    // The component reads actions from the store's state object, which the spy replaced.
    const createObjectURL = vi.fn(() => 'blob:p12');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    render(<DigitalSignature />);
    fireEvent.click(screen.getByRole('checkbox', { name: '数字签名' }));
    fireEvent.change(screen.getByLabelText('证书名称'), { target: { value: '某某公司' } });
    fireEvent.click(screen.getByRole('button', { name: '生成证书' }));
    await screen.findByText('备份证书（仅此一次）');
    expect(generate).toHaveBeenCalledWith('某某公司');
    fireEvent.click(screen.getByRole('button', { name: '下载备份（.p12）' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入备份密码。');
    fireEvent.change(screen.getByLabelText('备份密码'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: '下载备份（.p12）' }));
    await waitFor(() => expect(backup).toHaveBeenCalledWith('pw'));
    await waitFor(() => expect(screen.queryByText('备份证书（仅此一次）')).toBeNull());
    generate.mockRestore();
    vi.unstubAllGlobals();
  });
});

describe('backupName', () => {
  it.each([
    ['某某公司', '某某公司.p12'],
    ['A/B: C', 'A_B_C.p12'],
    ['///', 'certificate.p12'],
  ])('%s -> %s', (name, file) => {
    expect(backupName(name)).toBe(file);
  });
});

describe('verdictOf', () => {
  it.each([
    [{ intact: true, wholeDocument: true }, 'valid'],
    [{ intact: true, wholeDocument: false }, 'changed'],
    [{ intact: false, wholeDocument: true }, 'invalid'],
    [{ intact: false, wholeDocument: false }, 'invalid'],
  ] as const)('%o -> %s', (report, verdict) => {
    expect(verdictOf(report)).toBe(verdict);
  });
});

describe('replacing the kept certificate', () => {
  it('asks first, and keeps the old one when the user says no', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    sealStore.setState({
      digsigKey: {
        id: 'generated',
        privateKey: {} as CryptoKey,
        chain: [],
        commonName: '旧证书',
        keyType: 'RSA',
        notAfter: Date.UTC(2030, 0, 1),
        createdAt: 0,
      },
    });
    const generate = vi.spyOn(sealStore.getState(), 'generateCertificate');
    render(<DigitalSignature />);
    fireEvent.click(screen.getByRole('checkbox', { name: '数字签名' }));
    fireEvent.change(screen.getByLabelText('证书名称'), { target: { value: '新证书' } });
    fireEvent.click(screen.getByRole('button', { name: '生成证书' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('旧证书'));
    expect(generate).not.toHaveBeenCalled();
    expect(screen.getByText(/本机证书：旧证书/)).toBeTruthy();
    generate.mockRestore();
    vi.unstubAllGlobals();
  });
});
