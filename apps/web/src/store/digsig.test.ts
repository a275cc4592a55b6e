import { describe, expect, it, vi } from 'vitest';
import { appearanceOf, type CertificateKernel, keyChoice } from './digsig';
import { createSealStore } from './index';
import { memorySigningStorage, type SigningStorage } from './signingStorage';

function fakeKernel(): CertificateKernel {
  return {
    createSelfSigned: vi.fn(async ({ commonName, years }) => ({
      privateKey: { type: 'private', extractable: false } as CryptoKey,
      chain: [new TextEncoder().encode(`cert:${commonName}`)],
      keyType: 'RSA' as const,
      notAfter: new Date(Date.UTC(2026 + years, 0, 1)),
      p12: async (password: string) => new TextEncoder().encode(`p12:${password}`),
    })),
    readCertificate: vi.fn((bytes: Uint8Array) => {
      const text = new TextDecoder().decode(bytes);
      if (!text.startsWith('cert:')) {
        throw Object.assign(new Error('not a certificate'), { code: 'NOT_CERTIFICATE' });
      }
      return { der: bytes, name: text.slice(5) };
    }),
  };
}

function setup(storage: SigningStorage = memorySigningStorage()) {
  const kernel = fakeKernel();
  const store = createSealStore({
    renderLocal: async () => new Blob(),
    signingStorage: storage,
    certificates: async () => kernel,
  });
  return { store, kernel, storage };
}

describe('数字签名 store slice', () => {
  it('is off by default, without timestamps, and has no key', () => {
    const s = setup().store.getState();
    expect(s.digsigEnabled).toBe(false);
    expect(s.digsigTimestamp).toBe(false);
    expect(keyChoice(s)).toBeNull();
  });

  it('makes a 3-year certificate for the name, keeps its key, and offers the backup once', async () => {
    const { store, kernel, storage } = setup();
    const made = await store.getState().generateCertificate('  某某公司 ');
    expect(kernel.createSelfSigned).toHaveBeenCalledWith({ commonName: '某某公司', years: 3 });
    expect(made?.commonName).toBe('某某公司');
    expect(new TextDecoder().decode(await made?.backup('pw'))).toBe('p12:pw');
    const key = store.getState().digsigKey;
    expect(key).toMatchObject({ commonName: '某某公司', keyType: 'RSA' });
    expect(await storage.loadKey()).toBe(key);
    expect(keyChoice(store.getState())).toEqual({ kind: 'generated', key });
    // A later visit finds it again.
    const again = setup(storage).store;
    await again.getState().loadSigning();
    expect(again.getState().digsigKey?.commonName).toBe('某某公司');
  });

  it('asks for a name before making a certificate', async () => {
    const { store, kernel } = setup();
    expect(await store.getState().generateCertificate('  ')).toBeNull();
    expect(kernel.createSelfSigned).not.toHaveBeenCalled();
    expect(store.getState().digsigError?.code).toBe('NAME_REQUIRED');
  });

  it('reports a failed generation next to the control', async () => {
    const { store, kernel } = setup();
    vi.mocked(kernel.createSelfSigned).mockRejectedValueOnce(new Error('no WebCrypto'));
    expect(await store.getState().generateCertificate('A')).toBeNull();
    expect(store.getState().digsigError).toEqual({ code: 'FAILED', message: 'no WebCrypto' });
    expect(store.getState().digsigGenerating).toBe(false);
  });

  it('signs with a picked .p12 before the generated key, and forgets the key on request', async () => {
    const { store } = setup();
    await store.getState().generateCertificate('A');
    const file = new Blob(['p12']);
    store.getState().setDigsigP12({ file, name: 'me.p12' });
    store.getState().setDigsigP12Password('secret');
    expect(keyChoice(store.getState())).toEqual({
      kind: 'p12',
      file,
      name: 'me.p12',
      password: 'secret',
    });
    store.getState().setDigsigP12(null);
    expect(keyChoice(store.getState())?.kind).toBe('generated');
    await store.getState().forgetGeneratedKey();
    expect(keyChoice(store.getState())).toBeNull();
  });

  it('adds, keeps and removes trust anchors; refuses a file that is not a certificate', async () => {
    const { store, storage } = setup();
    expect(await store.getState().addTrustAnchor(new TextEncoder().encode('cert:My CA'))).toBe(
      true,
    );
    expect(await store.getState().addTrustAnchor(new TextEncoder().encode('cert:My CA'))).toBe(
      true,
    );
    expect(store.getState().trustAnchors.map((a) => a.name)).toEqual(['My CA']);
    expect((await storage.listTrust()).map((a) => a.name)).toEqual(['My CA']);
    expect(await store.getState().addTrustAnchor(new TextEncoder().encode('junk'))).toBe(false);
    expect(store.getState().trustError?.code).toBe('NOT_CERTIFICATE');
    const id = store.getState().trustAnchors[0]?.id ?? '';
    await store.getState().removeTrustAnchor(id);
    expect(store.getState().trustAnchors).toEqual([]);
    expect(await storage.listTrust()).toEqual([]);
  });

  it('clears an error when the user changes the password or the file', () => {
    const { store } = setup();
    store.getState().setDigsigOutcome({ error: { code: 'P12_PASSWORD_WRONG', message: 'x' } });
    store.getState().setDigsigP12Password('again');
    expect(store.getState().digsigError).toBeNull();
    store.getState().setDigsigOutcome({ warnings: ['expired'] });
    expect(store.getState().digsigWarnings).toEqual(['expired']);
    store.getState().setDigsigP12({ file: new Blob(), name: 'b.p12' });
    expect(store.getState().digsigWarnings).toEqual([]);
  });
});

describe('appearanceOf', () => {
  const placements = [
    { id: 'a', batch: true },
    { id: 'b', batch: false },
    { id: 'c', batch: false },
  ];
  it.each([
    [null, 'b'],
    ['c', 'c'],
    ['gone', 'b'],
    // A batch stamp is on many pages; a signature's appearance is on one.
    ['a', 'b'],
  ])('chosen %s -> %s', (chosen, expected) => {
    expect(appearanceOf(placements, chosen)?.id).toBe(expected);
  });
  it('has none when every stamp is a batch stamp', () => {
    expect(appearanceOf([{ id: 'a', batch: true }], null)).toBeUndefined();
  });
});
