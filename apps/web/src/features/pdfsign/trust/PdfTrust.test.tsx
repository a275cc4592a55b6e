import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import type { InspectAnswer, PdfJob } from '../../../workers/protocol';
import FinishMessages from './FinishMessages';
import PdfPasswordForm from './PdfPasswordForm';
import PdfTrustPanel from './PdfTrustPanel';
import { NO_CHOICE, type PdfTrust } from './trust';
import { type PdfTrustState, trustOf, usePdfTrust } from './usePdfTrust';

// The PDF worker, replaced: the owner password is "owner"; any other password opens restricted.
const inspect = vi.fn(async (job: Extract<PdfJob, { kind: 'inspect' }>): Promise<InspectAnswer> => {
  if (job.password === 'bad') return { ok: false, code: 'PASSWORD_WRONG', message: '' };
  return {
    ok: true,
    pages: 1,
    signatures: 2,
    encrypted: true,
    canModify: job.password === 'owner',
    certification: null,
  };
});
vi.mock('../../../workers/pdfJobs', () => ({ pdfJobs: () => ({ run: inspect }) }));

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('zh-CN');
});

const signed: PdfTrust = { signatures: 2, encrypted: false, canModify: true, certification: null };

function stateOf(trust: PdfTrust | null, overrides: Partial<PdfTrustState> = {}): PdfTrustState {
  return {
    trust,
    choice: NO_CHOICE,
    owner: 'idle',
    read: vi.fn(),
    tryOwner: vi.fn(),
    confirm: vi.fn(),
    ...overrides,
  };
}

describe('PdfPasswordForm', () => {
  it('has 移除密码 off by default and passes the choice with the password', () => {
    const onSubmit = vi.fn();
    render(<PdfPasswordForm wrong={false} onSubmit={onSubmit} />);
    const box = screen.getByRole('checkbox', { name: '移除密码' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(onSubmit).toHaveBeenLastCalledWith('pw', false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(onSubmit).toHaveBeenLastCalledWith('pw', true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a wrong password, and reads "Remove password" in English', async () => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    render(<PdfPasswordForm wrong onSubmit={vi.fn()} />);
    expect(screen.getByRole('checkbox', { name: 'Remove password' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Wrong password, please try again.');
  });
});

describe('PdfTrustPanel', () => {
  it.each([
    ['nothing read', null],
    ['a file with nothing to say', { ...signed, signatures: 0 }],
  ])('shows nothing for %s', (_, trust) => {
    const { container } = render(<PdfTrustPanel state={stateOf(trust)} />);
    expect(container.textContent).toBe('');
  });

  it('says in words how many signatures the file carries and that stamping keeps them', () => {
    render(<PdfTrustPanel state={stateOf(signed)} />);
    expect(screen.getByText(/此PDF带有 2 个数字签名。.*原有签名保持有效/)).toBeTruthy();
  });

  it.each([
    [1, 'This PDF carries 1 digital signature. '],
    [3, 'This PDF carries 3 digital signatures. '],
  ])('English, %i', async (count, start) => {
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    render(<PdfTrustPanel state={stateOf({ ...signed, signatures: count })} />);
    expect(screen.getByRole('region').textContent?.startsWith(start)).toBe(true);
  });

  it('says a certified file cannot be stamped', () => {
    render(<PdfTrustPanel state={stateOf({ ...signed, signatures: 1, certification: 1 })} />);
    expect(screen.getByText('此PDF有认证签名，不允许任何修改，因此无法盖章。')).toBeTruthy();
  });

  it('offers the owner password and a deliberate confirmation on a restricted file', () => {
    const state = stateOf({ ...signed, signatures: 0, encrypted: true, canModify: false });
    render(<PdfTrustPanel state={state} />);
    expect(screen.getByText(/此PDF的权限不允许修改/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('所有者密码'), { target: { value: 'owner' } });
    fireEvent.click(screen.getByRole('button', { name: '使用所有者密码' }));
    expect(state.tryOwner).toHaveBeenCalledWith('owner');
    const confirm = screen.getByRole('checkbox', { name: '我确认忽略权限限制，仍要盖章' });
    expect((confirm as HTMLInputElement).checked).toBe(false);
    fireEvent.click(confirm);
    expect(state.confirm).toHaveBeenCalledWith(true);
  });
});

describe('usePdfTrust', () => {
  it('reads the file, keeps 移除密码, and lifts the restriction with the owner password only', async () => {
    const { result } = renderHook(() => usePdfTrust());
    act(() => result.current.read(new Blob(['%PDF']), 'user', true));
    await waitFor(() => expect(result.current.trust).not.toBeNull());
    expect(result.current.trust).toEqual({
      signatures: 2,
      encrypted: true,
      canModify: false,
      certification: null,
    });
    expect(result.current.choice).toEqual({ ...NO_CHOICE, removePassword: true });
    act(() => result.current.tryOwner('user'));
    await waitFor(() => expect(result.current.owner).toBe('wrong'));
    act(() => result.current.tryOwner('bad'));
    await waitFor(() => expect(result.current.owner).toBe('wrong'));
    act(() => result.current.tryOwner('owner'));
    await waitFor(() => expect(result.current.owner).toBe('ok'));
    expect(result.current.trust?.canModify).toBe(true);
    expect(result.current.choice.ownerPassword).toBe('owner');
    act(() => result.current.confirm(true));
    expect(result.current.choice.ignoreRestrictions).toBe(true);
    // A new file forgets the last one's choices.
    act(() => result.current.read(new Blob(['%PDF']), undefined, false));
    expect(result.current.choice).toEqual(NO_CHOICE);
  });

  it.each([
    [{ ok: false, code: 'X', message: '' } as const, null],
    [{ ok: true, pages: 1 } as const, null],
    [
      {
        ok: true,
        pages: 1,
        signatures: 0,
        encrypted: false,
        canModify: true,
        certification: 3,
      } as const,
      { signatures: 0, encrypted: false, canModify: true, certification: 3 },
    ],
  ])('trustOf %o', (answer, expected) => {
    expect(trustOf(answer)).toEqual(expected);
  });
});

describe('FinishMessages', () => {
  it.each([
    ['RESTRICTED', /无法盖章：此PDF的权限不允许修改/],
    ['CERTIFIED_NO_CHANGES', /认证签名不允许任何修改/],
    ['SIGNED_NEEDS_REPAIR', /会使其中的数字签名失效/],
  ] as const)('a refusal, %s, is an alert in words', (refusal, text) => {
    render(<FinishMessages refusal={refusal} notices={[]} keptPassword={false} />);
    expect(screen.getByRole('alert').textContent).toMatch(text);
  });

  it('lists what was done to the written file, once each', () => {
    render(
      <FinishMessages
        refusal={null}
        notices={[
          { code: 'DECRYPTED' },
          { code: 'DECRYPTED' },
          { code: 'SIGNATURES_INVALIDATED', signatures: ['Buyer', 'Seller'] },
          { code: 'SOMETHING_NEW' },
        ]}
        keptPassword={false}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '已移除密码：生成的PDF没有密码。',
      '整份重写使这些签名失效：Buyer, Seller',
    ]);
  });

  it('says the password was kept', () => {
    render(<FinishMessages refusal={null} notices={[]} keptPassword />);
    expect(screen.getByRole('listitem').textContent).toBe('已保留原密码。');
  });

  it('shows nothing when there is nothing to say', () => {
    const { container } = render(
      <FinishMessages refusal={null} notices={[]} keptPassword={false} />,
    );
    expect(container.textContent).toBe('');
  });
});
