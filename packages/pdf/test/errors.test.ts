/** Encrypted, broken and unusable input: clear typed errors, never a silently blank result. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PDFDocument } from '@cantoo/pdf-lib';
import type { PageFraction } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import { PdfInputError, PdfPasswordError, PdfReadError, type Placement, stampPdf } from '../src';
import { markedStamp } from './helpers/images';
import { findBox, isBlack, isRed, qpdfCheck, renderPage, tempFile } from './helpers/raster';
import { buildPdf } from './helpers/raw-pdf';

const f = (n: number) => n as PageFraction;
const stamp = markedStamp(200, 100);
const placement: Placement = {
  page: 0,
  image: 's',
  x: f(0.5),
  y: f(0.5),
  width: f(0.3),
  height: f(0.1),
  rotate: 0,
};
const plain = buildPdf([{ mediaBox: [0, 0, 595, 842] }, { mediaBox: [0, 0, 595, 842] }]);

type Cipher = 'RC4-40' | 'RC4-128' | 'AES-128' | 'AES-256';

const QPDF_CIPHER: Record<Cipher, string[]> = {
  'RC4-40': ['40', '--'],
  'RC4-128': ['128', '--'],
  'AES-128': ['128', '--use-aes=y', '--'],
  'AES-256': ['256', '--'],
};

function qpdfEncrypt(user: string, owner: string, cipher: Cipher, source = plain): Uint8Array {
  const input = tempFile(source);
  const out = tempFile(new Uint8Array());
  // Old RC4 files still arrive by mail; qpdf writes them only when told to.
  const args = ['--allow-weak-crypto', '--encrypt', user, owner, ...QPDF_CIPHER[cipher]];
  execFileSync('qpdf', [...args, input, out]);
  return readFileSync(out);
}

const CIPHERS = ['RC4-40', 'RC4-128', 'AES-128', 'AES-256'] as const;

/** qpdf --check's exit code: 0 clean, 3 read with warnings, 2 refused. */
function qpdfExit(bytes: Uint8Array): number {
  try {
    execFileSync('qpdf', ['--check', tempFile(bytes)], { stdio: 'ignore' });
    return 0;
  } catch (err) {
    return (err as { status: number }).status;
  }
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: unknown) => err,
  );
}

describe('encrypted PDFs', () => {
  it.each(CIPHERS)('%s: asks for the password when it is missing', async (bits) => {
    const err = await failure(
      stampPdf(qpdfEncrypt('user', 'owner', bits), {
        images: { s: stamp },
        placements: [placement],
      }),
    );
    expect(err).toBeInstanceOf(PdfPasswordError);
    expect(err).toMatchObject({ code: 'PASSWORD_REQUIRED' });
  });

  it.each(CIPHERS)('%s: says when the password is wrong', async (bits) => {
    const enc = qpdfEncrypt('user', 'owner', bits);
    const err = await failure(
      stampPdf(enc, { images: { s: stamp }, placements: [placement], password: 'nope' }),
    );
    expect(err).toMatchObject({ code: 'PASSWORD_WRONG' });
  });

  it.each([
    ['RC4-40', 'user'],
    ['RC4-128', 'user'],
    ['AES-128', 'user'],
    ['AES-256', 'user'],
    ['AES-256', 'owner'],
    ['RC4-128', 'owner'],
  ] as const)(
    '%s with the %s password: the output renders the content and the stamp',
    async (bits, which) => {
      const enc = qpdfEncrypt('user', 'owner', bits);
      const out = await stampPdf(enc, {
        images: { s: stamp },
        placements: [placement],
        password: which,
      });
      // The output keeps the file's encryption: the user password opens it.
      expect(qpdfCheck(out, 'user')).toMatch(/No syntax or stream encoding errors/);
      for (const page of [1, 2]) {
        const img = renderPage(out, page, 36, 'user');
        expect(findBox(img, isBlack)).toBeDefined();
        expect(findBox(img, isRed) !== undefined).toBe(page === 1);
      }
    },
  );

  // qpdf keeps the object streams and cross-reference stream of a file written by pdf-lib.
  it.each(CIPHERS)(
    '%s, cross-reference stream: stays encrypted, and decrypt: true writes a plain PDF',
    async (cipher) => {
      const doc = await PDFDocument.load(plain);
      const enc = qpdfEncrypt('user', 'owner', cipher, await doc.save({ useObjectStreams: true }));
      const once = await stampPdf(enc, {
        images: { s: stamp },
        placements: [placement],
        password: 'user',
      });
      expect(new TextDecoder('latin1').decode(once)).toMatch(/\/Encrypt/);
      const notices: string[] = [];
      const twice = await stampPdf(once, {
        images: { s: stamp },
        placements: [{ ...placement, page: 1 }],
        password: 'owner',
        decrypt: true,
        onNotice: (n) => notices.push(n.code),
      });
      expect(notices).toEqual(['DECRYPTED', 'REWRITTEN']);
      expect(new TextDecoder('latin1').decode(twice)).not.toMatch(/\/Encrypt/);
      for (const page of [1, 2]) expect(findBox(renderPage(twice, page), isRed)).toBeDefined();
    },
  );

  it('opens a file with only an owner password without asking', async () => {
    const out = await stampPdf(qpdfEncrypt('', 'owner', 'AES-256'), {
      images: { s: stamp },
      placements: [placement],
    });
    expect(findBox(renderPage(out, 1), isBlack)).toBeDefined();
  });
});

describe('broken input', () => {
  const run = (bytes: Uint8Array) =>
    failure(stampPdf(bytes, { images: { s: stamp }, placements: [placement] }));

  it.each([0.3, 0.6, 0.9])('a PDF cut at %d of its length is refused as damaged', async (share) => {
    const cut = plain.subarray(0, Math.floor(plain.length * share));
    // qpdf refuses these too: no trailer survives the cut.
    expect(qpdfExit(cut)).toBe(2);
    const err = await run(cut);
    expect(err).toBeInstanceOf(PdfReadError);
    expect((err as PdfReadError).code).toMatch(/BROKEN_PDF|NO_PAGES/);
  });

  it('a PDF cut inside its startxref offset is repaired, as qpdf repairs it', async () => {
    // Every object and the trailer are there; only the offset is short (issue 19).
    const cut = plain.subarray(0, Math.floor(plain.length * 0.98));
    expect(qpdfExit(cut)).toBe(3);
    const notices: string[] = [];
    const out = await stampPdf(cut, {
      images: { s: stamp },
      placements: [placement],
      onNotice: (n) => notices.push(n.code),
    });
    expect(notices).toEqual(['REPAIRED', 'REWRITTEN']);
    expect(findBox(renderPage(out, 1), isRed)).toBeDefined();
    expect(findBox(renderPage(out, 2), isBlack)).toBeDefined();
  });

  it.each([
    ['a PNG', stamp],
    ['text', new TextEncoder().encode('hello, this is not a PDF')],
    ['nothing', new Uint8Array()],
  ])('%s is not a PDF', async (_, bytes) => {
    expect(await run(bytes)).toMatchObject({ name: 'PdfReadError', code: 'NOT_PDF' });
  });

  it('a page whose content object is missing is damaged, not blank', async () => {
    const text = new TextDecoder().decode(plain).replace('6 0 obj', '9 0 obj');
    const err = await run(new TextEncoder().encode(text));
    expect(err).toMatchObject({ name: 'PdfReadError', code: 'BROKEN_PDF' });
  });

  it('a header and nothing usable after it is damaged', async () => {
    const err = await run(
      new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
    );
    expect(err).toBeInstanceOf(PdfReadError);
  });
});

describe('bad requests', () => {
  it('an image that is not PNG or JPEG', async () => {
    const err = await failure(
      stampPdf(plain, { images: { s: new Uint8Array([1, 2, 3]) }, placements: [placement] }),
    );
    expect(err).toBeInstanceOf(PdfInputError);
    expect(err).toMatchObject({ code: 'BAD_IMAGE' });
  });

  it.each([
    ['a page past the end', { page: 2 }],
    ['an unknown image', { image: 'x' }],
    ['a zero width', { width: f(0) }],
    ['a rotation of 45°', { rotate: 45 as 0 }],
    ['NaN', { x: f(Number.NaN) }],
  ])('%s', async (_, change) => {
    const err = await failure(
      stampPdf(plain, { images: { s: stamp }, placements: [{ ...placement, ...change }] }),
    );
    expect(err).toMatchObject({ code: 'BAD_PLACEMENT' });
  });
});
