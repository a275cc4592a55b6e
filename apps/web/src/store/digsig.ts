/**
 * 数字签名 (digital signature) part of the one store: whether 编辑完成 signs, which key signs (a
 * .p12 the user picks, or the certificate made here by 生成证书 and kept in IndexedDB), which placed
 * seal is the signature's visible appearance, whether a timestamp is asked for, and the trust
 * anchors the verification panel checks against. The .p12 and its password stay in memory only.
 */
import type { SigningStorage, StoredKey, TrustAnchor } from './signingStorage';

/** The key 编辑完成 signs with: a .p12 file when one is picked, else the generated one. */
export type KeyChoice =
  | { kind: 'p12'; file: Blob; name: string; password: string }
  | { kind: 'generated'; key: StoredKey }
  | null;

/** A certificate just made: `backup` writes its .p12 (offered once, at creation). */
export interface MadeCertificate {
  commonName: string;
  backup(password: string): Promise<Uint8Array>;
}

/** What the signing controls show beside themselves; codes are the kernel's or ours. */
export interface DigsigProblem {
  code: string;
  message: string;
}

export interface DigsigState {
  digsigEnabled: boolean;
  digsigP12: { file: Blob; name: string } | null;
  digsigP12Password: string;
  /** The certificate made by 生成证书 (this visit or an earlier one). */
  digsigKey: StoredKey | null;
  /** The placement that becomes the signature's appearance; null: the first one. */
  digsigAppearance: string | null;
  /** Ask our server's /v1/tsa relay for an RFC 3161 timestamp (off by default). */
  digsigTimestamp: boolean;
  /** Which of the server's allow-listed authorities (GET /v1/tsa); null: the server's first. */
  digsigTsaUrl: string | null;
  digsigGenerating: boolean;
  /** Why the last signing or generating failed, shown next to the controls. */
  digsigError: DigsigProblem | null;
  /** Warnings of the last signature (e.g. an expired certificate): it was still made. */
  digsigWarnings: readonly string[];
  trustAnchors: readonly TrustAnchor[];
  /** Why the last trust anchor could not be added. */
  trustError: DigsigProblem | null;

  /** Reads the kept key and trust anchors from storage (once, when the app starts). */
  loadSigning(): Promise<void>;
  setDigsigEnabled(on: boolean): void;
  setDigsigP12(p12: { file: Blob; name: string } | null): void;
  setDigsigP12Password(password: string): void;
  setDigsigAppearance(id: string | null): void;
  setDigsigTimestamp(on: boolean): void;
  setDigsigTsaUrl(url: string | null): void;
  setDigsigOutcome(outcome: { error?: DigsigProblem | null; warnings?: readonly string[] }): void;
  /** Makes a self-signed certificate for `commonName` (3 years) and keeps its key. */
  generateCertificate(commonName: string): Promise<MadeCertificate | null>;
  forgetGeneratedKey(): Promise<void>;
  /** Adds a PEM or DER certificate file as a trust anchor; false (and an error) when it is not one. */
  addTrustAnchor(bytes: Uint8Array): Promise<boolean>;
  removeTrustAnchor(id: string): Promise<void>;
}

/** Which key 编辑完成 signs with now. */
export function keyChoice(s: DigsigState): KeyChoice {
  if (s.digsigP12) return { kind: 'p12', ...s.digsigP12, password: s.digsigP12Password };
  if (s.digsigKey) return { kind: 'generated', key: s.digsigKey };
  return null;
}

/** The placement the signature shows: the chosen one while it is still placed, else the first. */
export function appearanceOf<P extends { id: string; batch: boolean }>(
  placements: readonly P[],
  chosen: string | null,
): P | undefined {
  const single = placements.filter((p) => !p.batch);
  return single.find((p) => p.id === chosen) ?? single[0];
}

/** The kernel that makes certificates; loaded on first use (pkijs is not in the first bundle). */
export interface CertificateKernel {
  createSelfSigned(options: { commonName: string; years: number }): Promise<{
    privateKey: CryptoKey;
    chain: Uint8Array[];
    keyType: 'RSA' | 'EC';
    notAfter: Date;
    p12(password: string): Promise<Uint8Array>;
  }>;
  readCertificate(bytes: Uint8Array): { der: Uint8Array; name: string };
}

export const CERTIFICATE_YEARS = 3;

type Set = (partial: Partial<DigsigState> | ((s: DigsigState) => Partial<DigsigState>)) => void;

function problemOf(error: unknown): DigsigProblem {
  const code = (error as { code?: unknown } | null)?.code;
  // The original words for the debug log; the screen says ours by code (features/digsig/problemText).
  console.debug('数字签名:', error);
  return {
    code: typeof code === 'string' ? code : 'FAILED',
    message: error instanceof Error ? error.message : String(error),
  };
}

export function createDigsigSlice(
  set: Set,

  storage: SigningStorage,
  kernel: () => Promise<CertificateKernel>,
): DigsigState {
  return {
    digsigEnabled: false,
    digsigP12: null,
    digsigP12Password: '',
    digsigKey: null,
    digsigAppearance: null,
    digsigTimestamp: false,
    digsigTsaUrl: null,
    digsigGenerating: false,
    digsigError: null,
    digsigWarnings: [],
    trustAnchors: [],
    trustError: null,

    async loadSigning() {
      const [key, trust] = await Promise.all([
        storage.loadKey().catch(() => null),
        storage.listTrust().catch(() => []),
      ]);
      set((s) => ({
        digsigKey: s.digsigKey ?? key,
        trustAnchors: [...trust].sort((a, b) => a.addedAt - b.addedAt),
      }));
    },

    setDigsigEnabled(on) {
      set({ digsigEnabled: on, digsigError: null });
    },

    setDigsigP12(p12) {
      set({ digsigP12: p12, digsigError: null, digsigWarnings: [] });
    },

    setDigsigP12Password(password) {
      set({ digsigP12Password: password, digsigError: null });
    },

    setDigsigAppearance(id) {
      set({ digsigAppearance: id });
    },

    setDigsigTimestamp(on) {
      set({ digsigTimestamp: on });
    },

    setDigsigTsaUrl(url) {
      set({ digsigTsaUrl: url });
    },

    setDigsigOutcome({ error, warnings }) {
      set({
        ...(error !== undefined ? { digsigError: error } : {}),
        ...(warnings !== undefined ? { digsigWarnings: warnings } : {}),
      });
    },

    async generateCertificate(commonName) {
      const name = commonName.trim();
      if (!name) {
        set({ digsigError: { code: 'NAME_REQUIRED', message: 'A certificate needs a name' } });
        return null;
      }
      set({ digsigGenerating: true, digsigError: null });
      try {
        const made = await (await kernel()).createSelfSigned({
          commonName: name,
          years: CERTIFICATE_YEARS,
        });
        const key: StoredKey = {
          id: 'generated',
          privateKey: made.privateKey,
          chain: made.chain,
          commonName: name,
          keyType: made.keyType,
          notAfter: made.notAfter.getTime(),
          createdAt: Date.now(),
        };
        // Kept for later visits; a browser that cannot keep it still signs during this one.
        await storage.saveKey(key).catch(() => {});
        set({ digsigKey: key, digsigGenerating: false, digsigP12: null, digsigWarnings: [] });
        return { commonName: name, backup: (password) => made.p12(password) };
      } catch (error) {
        set({ digsigGenerating: false, digsigError: problemOf(error) });
        return null;
      }
    },

    async forgetGeneratedKey() {
      await storage.removeKey().catch(() => {});
      set({ digsigKey: null });
    },

    async addTrustAnchor(bytes) {
      try {
        const cert = (await kernel()).readCertificate(bytes);
        // The certificate's last bytes are its signature: as good an identity as a hash.
        const id = [...cert.der.subarray(-16)].map((b) => b.toString(16).padStart(2, '0')).join('');
        const anchor: TrustAnchor = { id, name: cert.name, der: cert.der, addedAt: Date.now() };
        await storage.putTrust(anchor).catch(() => {});
        set((s) => ({
          trustAnchors: [...s.trustAnchors.filter((a) => a.id !== id), anchor],
          trustError: null,
        }));
        return true;
      } catch (error) {
        set({ trustError: problemOf(error) });
        return false;
      }
    },

    async removeTrustAnchor(id) {
      await storage.removeTrust(id).catch(() => {});
      set((s) => ({ trustAnchors: s.trustAnchors.filter((a) => a.id !== id) }));
    },
  };
}
