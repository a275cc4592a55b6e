/**
 * Issue 14: an encrypted input stays encrypted with the same method and both passwords, and the
 * update appends only what changed (not the whole file again, as @libpdf/core alone would after
 * decrypting). Permissions that forbid changes are refused unless the owner password or
 * ignoreRestrictions says otherwise. Judged by qpdf and pdftoppm.
 */
import type { PageFraction } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import {
  type EncryptionMethod,
  qpdfCheck,
  qpdfEncrypt,
  qpdfEncryption,
  withXrefStream,
} from '../../../test-support/outside-signer';
import {
  type PdfNotice,
  PdfWriteRefusedError,
  type Placement,
  pagingSeal,
  readPdfInfo,
  stampPdf,
} from '../src';
import { markedStamp } from './helpers/images';
import { findBox, isBlack, isRed, renderPage } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';
import { certified, startsWithBytes } from './helpers/update-fixtures';

const f = (n: number) => n as PageFraction;
const A4 = [0, 0, 595, 842] as const;
const stamp = markedStamp(200, 100);
const placement: Placement = {
  page: 0,
  image: 's',
  x: f(0.3),
  y: f(0.4),
  width: f(0.3),
  height: f(0.1),
  rotate: 0,
};
const stampOne = (bytes: Uint8Array, extra: object = {}) =>
  stampPdf(bytes, { images: { s: stamp }, placements: [placement], ...extra });

/** 40 pages, each with its own content: appending the whole file again would be obvious. */
const plain = buildPdf(
  Array.from({ length: 40 }, (_, i) => ({
    mediaBox: A4,
    content: `0 0 1 rg ${100 + i} 100 20 20 re f`,
  })),
);
const METHODS: readonly EncryptionMethod[] = ['RC4-40', 'RC4-128', 'AES-128', 'AES-256'];
const SOURCES = [
  ['classic xref table', plain],
  ['xref stream', withXrefStream(plain)],
] as const;

describe.each(SOURCES)('%s', (_, source) => {
  describe.each(METHODS)('%s', (method) => {
    const input = qpdfEncrypt(source, { method, userPassword: 'user', ownerPassword: 'owner' });

    it.each(['user', 'owner'])('opened with the %s password', async (password) => {
      const info = await readPdfInfo(input, password);
      expect(info.encryption).toEqual({ method, ownerAccess: password === 'owner' });
      const out = await stampOne(input, { password });
      expect(startsWithBytes(out, input)).toBe(true);
      for (const pw of ['user', 'owner']) {
        expect(qpdfEncryption(out, pw)).toBe(method);
        expect(qpdfCheck(out, pw)).toBeNull();
      }
      const page = renderPage(out, 1, 36, 'user');
      expect(findBox(page, isRed)).toBeDefined();
      expect(findBox(page, isBlack)).toBeDefined();
      expect(findBox(renderPage(out, 2, 36, 'user'), isRed)).toBeUndefined();
    });

    it('appends about what the same stamp appends to the unencrypted file', async () => {
      const clear = (await stampOne(source)).length - source.length;
      const appended = (await stampOne(input, { password: 'user' })).length - input.length;
      // The update re-states the encryption dictionary (a few hundred bytes); the whole file
      // again would be many kilobytes more.
      expect(appended).toBeLessThan(clear + 1024);
      expect(appended).toBeLessThan(input.length / 4);
    });

    it('the paging seal and batch stamping stay small and encrypted too', async () => {
      const seal = await pagingSeal(input, { image: stamp, password: 'user' });
      const batch = await stampPdf(input, {
        images: { s: stamp },
        placements: [],
        every: { placement, pages: 'all' },
        password: 'user',
      });
      for (const out of [seal, batch]) {
        expect(startsWithBytes(out, input)).toBe(true);
        expect(qpdfEncryption(out, 'owner')).toBe(method);
        expect(qpdfCheck(out, 'user')).toBeNull();
        expect(findBox(renderPage(out, 40, 36, 'user'), isRed)).toBeDefined();
      }
      // Each page: its dictionary again (it has a /Contents array now) and one xref entry.
      const perPage = (batch.length - input.length) / 40;
      expect(perPage).toBeLessThan(400);
    });

    it('decrypt: true writes the whole file without encryption, and says so', async () => {
      const notices: PdfNotice[] = [];
      const out = await stampOne(input, {
        password: 'user',
        decrypt: true,
        onNotice: (n: PdfNotice) => notices.push(n),
      });
      expect(notices.map((n) => n.code)).toEqual(['DECRYPTED', 'REWRITTEN']);
      expect(qpdfEncryption(out, '')).toBeNull();
      expect(findBox(renderPage(out, 1), isRed)).toBeDefined();
    });
  });
});

describe('decrypt and signatures', () => {
  it('decrypt on a signed, encrypted file rewrites it and names the signature it breaks', async () => {
    const input = await certified(
      qpdfEncrypt(plain, { method: 'AES-128', userPassword: 'user', ownerPassword: 'owner' }),
      2,
      'user',
    );
    const info = await readPdfInfo(input, 'user');
    expect(info.signatures.map((s) => s.field)).toEqual(['Certification']);
    expect(info.encryption?.method).toBe('AES-128');
    const notices: PdfNotice[] = [];
    const out = await stampOne(input, {
      password: 'user',
      decrypt: true,
      onNotice: (n: PdfNotice) => notices.push(n),
    });
    expect(notices.map((n) => n.code)).toEqual([
      'DECRYPTED',
      'REWRITTEN',
      'SIGNATURES_INVALIDATED',
    ]);
    expect(notices[2]?.signatures).toEqual(['Certification']);
    expect(qpdfEncryption(out, '')).toBeNull();
  });

  it('decrypt on a file without a password changes nothing: appended as usual', async () => {
    const notices: PdfNotice[] = [];
    const out = await stampOne(plain, {
      decrypt: true,
      onNotice: (n: PdfNotice) => notices.push(n),
    });
    expect(notices).toEqual([]);
    expect(startsWithBytes(out, plain)).toBe(true);
  });
});

describe('permissions that forbid changes (--modify=none)', () => {
  const anyone = qpdfEncrypt(plain, {
    method: 'AES-256',
    userPassword: '',
    ownerPassword: 'owner',
    restrictions: ['--modify=none'],
  });
  const withUser = qpdfEncrypt(plain, {
    method: 'AES-128',
    userPassword: 'user',
    ownerPassword: 'owner',
    restrictions: ['--modify=none'],
  });

  it('readPdfInfo tells who may change the file', async () => {
    expect(await readPdfInfo(anyone)).toMatchObject({
      canModify: false,
      encryption: { method: 'AES-256', ownerAccess: false },
    });
    expect(await readPdfInfo(anyone, 'owner')).toMatchObject({
      canModify: true,
      encryption: { method: 'AES-256', ownerAccess: true },
    });
  });

  it.each([
    ['no password', anyone, {}],
    ['the user password', withUser, { password: 'user' }],
    ['decrypt without the owner password', anyone, { decrypt: true, ignoreRestrictions: true }],
  ] as const)('refused before any work with %s', async (_, input, extra) => {
    for (const work of [stampOne(input, extra), pagingSeal(input, { image: stamp, ...extra })]) {
      const err = await work.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PdfWriteRefusedError);
      expect(err).toMatchObject({ code: 'RESTRICTED' });
    }
  });

  it.each([
    ['the owner password', anyone, { password: 'owner' }, ''],
    ['ignoreRestrictions', anyone, { ignoreRestrictions: true }, ''],
    [
      'the user password and ignoreRestrictions',
      withUser,
      { password: 'user', ignoreRestrictions: true },
      'user',
    ],
  ] as const)(
    'allowed with %s, appended under the same encryption',
    async (_, input, extra, pw) => {
      const out = await stampOne(input, extra);
      expect(startsWithBytes(out, input)).toBe(true);
      expect(qpdfEncryption(out, 'owner')).toBe(input === anyone ? 'AES-256' : 'AES-128');
      expect(qpdfCheck(out, pw || undefined)).toBeNull();
      expect(findBox(renderPage(out, 1, 36, pw || undefined), isRed)).toBeDefined();
    },
  );

  it('decrypt with the owner password removes the password', async () => {
    const out = await stampOne(anyone, { password: 'owner', decrypt: true });
    expect(qpdfEncryption(out, '')).toBeNull();
  });
});
