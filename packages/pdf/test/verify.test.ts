/**
 * verifyPdf, against pdfsig on the same files: intact, whole document, trusted, signer, and what
 * changed after each signature (later revisions written with @libpdf/core, as another tool would).
 */
import { readFileSync } from 'node:fs';
import { PDF } from '@libpdf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Identity, makeIdentity, readBytes } from '../../../test-support/certs';
import { outsideSigner, qpdfEncrypt } from '../../../test-support/outside-signer';
import {
  PdfPasswordError,
  PdfReadError,
  readP12,
  type SigningKey,
  signPdf,
  verifyPdf,
} from '../src';
import { discStamp } from './helpers/images';
import { pdfsig, placement, samplePdf } from './helpers/signing';

const PASSWORD = 'pw';
let self: Identity;
let ca: Identity;
let leaf: Identity;
let selfKey: SigningKey;
let leafKey: SigningKey;
let input: Uint8Array;
let signed: Uint8Array;

beforeAll(async () => {
  self = makeIdentity('王五', { key: 'p256' });
  ca = makeIdentity('Yinzhang Test CA', { ca: true });
  leaf = makeIdentity('CA Issued Signer', { issuer: ca });
  selfKey = (await readP12(readBytes(self.p12('default', PASSWORD)), PASSWORD)).key;
  leafKey = (await readP12(readBytes(leaf.p12('default', PASSWORD)), PASSWORD)).key;
  input = await samplePdf(2);
  signed = await signPdf(input, {
    key: selfKey,
    appearance: { image: discStamp(), placement: placement() },
    now: new Date('2026-03-01T08:30:00Z'),
  });
}, 60_000);
afterAll(() => {
  for (const id of [self, ca, leaf]) id.dispose();
});

/** A later revision written by @libpdf/core (an incremental save), after `change`. */
async function revised(bytes: Uint8Array, change: (pdf: PDF) => void): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  change(pdf);
  return pdf.save({ incremental: true });
}

describe('a signed file', () => {
  it('reports the signature as pdfsig does', async () => {
    const { signatures } = await verifyPdf(signed);
    expect(signatures).toEqual([
      {
        field: 'Signature1',
        signer: '王五',
        signedAt: '2026-03-01T08:30:00.000Z',
        signedAtSource: 'M',
        intact: true,
        wholeDocument: true,
        trusted: false,
        subFilter: 'ETSI.CAdES.detached',
        selfSigned: true,
        changesAfter: [],
        problems: [],
        problemCodes: [],
      },
    ]);
    expect(pdfsig(signed)).toMatchObject([
      { field: 'Signature1', signer: '王五', valid: true, wholeDocument: true },
    ]);
  });

  it('a file without signatures has none', async () => {
    expect((await verifyPdf(input)).signatures).toEqual([]);
  });
});

describe('trust anchors', () => {
  const pem = (id: () => Identity) => () => readFileSync(id().certPath);
  const der = (id: () => Identity) => () => id().certDer;
  const cases = [
    { name: 'none', signer: 'self', trust: [], trusted: false },
    { name: 'its own certificate (PEM)', signer: 'self', trust: [pem(() => self)], trusted: true },
    { name: 'its own certificate (DER)', signer: 'self', trust: [der(() => self)], trusted: true },
    { name: 'an unrelated CA', signer: 'self', trust: [pem(() => ca)], trusted: false },
    { name: 'the issuing CA', signer: 'leaf', trust: [pem(() => ca)], trusted: true },
    { name: 'another certificate', signer: 'leaf', trust: [pem(() => self)], trusted: false },
  ] as const;
  it.each(cases)(
    '$signer signer, trusting $name → trusted $trusted',
    async ({ signer, trust, trusted }) => {
      const bytes =
        signer === 'self' ? signed : await signPdf(input, { key: leafKey, appearance: null });
      const [report] = (await verifyPdf(bytes, { trust: trust.map((t) => t()) })).signatures;
      expect(report).toMatchObject({ intact: true, trusted, selfSigned: signer === 'self' });
    },
  );

  it('several PEM certificates in one file', async () => {
    const both = Buffer.concat([readFileSync(self.certPath), readFileSync(ca.certPath)]);
    const bytes = await signPdf(input, { key: leafKey, appearance: null });
    expect((await verifyPdf(bytes, { trust: [both] })).signatures[0]?.trusted).toBe(true);
  });

  it('a trust file that is not a certificate is refused', async () => {
    await expect(
      verifyPdf(signed, { trust: [new TextEncoder().encode('not a cert')] }),
    ).rejects.toMatchObject({ code: 'BAD_CERTIFICATE' });
  });
});

describe('tampering', () => {
  it('one byte changed inside the signed range: not intact, and pdfsig agrees', async () => {
    const bad = signed.slice();
    // A digit of the first /MediaBox (inside the first signed range): 595 becomes 594.
    const at = Buffer.from(bad).indexOf('595');
    expect(at).toBeGreaterThan(0);
    bad[at + 2] = 0x34;
    const [report] = (await verifyPdf(bad)).signatures;
    expect(report?.intact).toBe(false);
    expect(report?.problems.join()).toMatch(/does not verify/);
    expect(report?.problemCodes.map((p) => p.code)).toEqual(['SIGNATURE_INVALID']);
    expect(pdfsig(bad)[0]?.valid).toBe(false);
  });

  it('bytes appended after signing: intact but not the whole document', async () => {
    const longer = new Uint8Array([...signed, ...new TextEncoder().encode('\n% appended\n')]);
    const [report] = (await verifyPdf(longer)).signatures;
    expect(report).toMatchObject({ intact: true, wholeDocument: false });
    expect(pdfsig(longer)[0]).toMatchObject({ valid: true, wholeDocument: false });
  });

  it('a byte range that leaves more than the signature out is not intact', async () => {
    const text = Buffer.from(signed).toString('latin1');
    const m = /\/ByteRange\s*\[0 (\d+) (\d+) (\d+)\s*\]/.exec(text);
    if (!m) throw new Error('no byte range');
    const shifted = text.replace(m[0], m[0].replace(` ${m[2]} `, ` ${Number(m[2]) + 1} `));
    const bad = new Uint8Array(Buffer.from(shifted, 'latin1'));
    expect((await verifyPdf(bad)).signatures[0]?.intact).toBe(false);
  });
});

describe('what changed after a signature', () => {
  const cases: { name: string; change: (pdf: PDF) => void; expected: string[] }[] = [
    { name: 'a page added', change: (pdf) => void pdf.addPage(), expected: ['PAGES_ADDED'] },
    {
      name: 'content drawn on a page',
      change: (pdf) => pdf.getPage(0)?.drawRectangle({ x: 10, y: 10, width: 20, height: 20 }),
      expected: ['CONTENT_CHANGED'],
    },
    {
      name: 'a comment added',
      change: (pdf) =>
        void pdf.getPage(1)?.addSquareAnnotation({
          rect: { x: 50, y: 50, width: 80, height: 40 },
          contents: 'note',
        }),
      expected: ['ANNOTATIONS_CHANGED'],
    },
  ];
  it.each(cases)('$name → $expected', async ({ change, expected }) => {
    const later = await revised(signed, change);
    const [report] = (await verifyPdf(later)).signatures;
    expect(report).toMatchObject({ intact: true, wholeDocument: false, changesAfter: expected });
    expect(pdfsig(later)[0]).toMatchObject({ valid: true, wholeDocument: false });
  });

  it('a second signature → SIGNATURE_ADDED for the first, nothing for the second', async () => {
    const twice = await signPdf(signed, {
      key: leafKey,
      appearance: { image: discStamp(), placement: placement(1) },
    });
    const { signatures } = await verifyPdf(twice);
    expect(signatures.map((s) => [s.field, s.intact, s.wholeDocument, s.changesAfter])).toEqual([
      ['Signature1', true, false, ['SIGNATURE_ADDED']],
      ['Signature2', true, true, []],
    ]);
  });

  it('a form field filled in after signing → FORM_FILLED', async () => {
    const withField = await revised(input, (pdf) => {
      const field = pdf.getOrCreateForm().createTextField('name');
      pdf.getPage(0)?.drawField(field, { x: 50, y: 700, width: 200, height: 20 });
    });
    const signedForm = await signPdf(withField, {
      key: selfKey,
      appearance: null,
      certify: 'forms',
    });
    const filled = await revised(signedForm, (pdf) => {
      const field = pdf.getForm()?.getField('name') as { setValue(v: string): void } | undefined;
      field?.setValue('Li Si');
    });
    const [report] = (await verifyPdf(filled)).signatures;
    expect(report).toMatchObject({ intact: true, wholeDocument: false });
    expect(report?.changesAfter).toContain('FORM_FILLED');
    // A certification allowing forms: filling one is no problem.
    expect(report?.problems).toEqual([]);
  });

  it('a change after a no-changes certification is named as a problem', async () => {
    const certified = await signPdf(input, {
      key: selfKey,
      appearance: null,
      certify: 'no-changes',
    });
    // Another tool ignoring the certification appends a page anyway.
    const later = await revised(certified, (pdf) => void pdf.addPage());
    const [report] = (await verifyPdf(later)).signatures;
    expect(report).toMatchObject({
      intact: true,
      wholeDocument: false,
      changesAfter: ['PAGES_ADDED'],
    });
    expect(report?.problems.join()).toMatch(/certification that does not allow it \(PAGES_ADDED\)/);
    expect(report?.problemCodes).toEqual([
      expect.objectContaining({ code: 'CERTIFICATION_VIOLATED', detail: 'PAGES_ADDED' }),
    ]);
  });
});

describe('signatures by other software, and files that cannot be read', () => {
  it('a pdfsig signature is read and checked', async () => {
    const outside = outsideSigner('Outside Signer');
    try {
      const bytes = outside.sign(input, { field: 'Outside' });
      const [report] = (await verifyPdf(bytes)).signatures;
      expect(report).toMatchObject({
        field: 'Outside',
        signer: 'Outside Signer',
        intact: true,
        wholeDocument: true,
      });
    } finally {
      outside.dispose();
    }
  });

  it('an encrypted signed file needs its password', async () => {
    const locked = qpdfEncrypt(input, { method: 'AES-256', userPassword: 'u', ownerPassword: 'o' });
    const bytes = await signPdf(locked, { key: selfKey, appearance: null, password: 'u' });
    await expect(verifyPdf(bytes)).rejects.toBeInstanceOf(PdfPasswordError);
    expect((await verifyPdf(bytes, { password: 'u' })).signatures[0]?.intact).toBe(true);
  });

  it('bytes that are not a PDF', async () => {
    await expect(verifyPdf(new TextEncoder().encode('hello'))).rejects.toBeInstanceOf(PdfReadError);
  });
});
