/**
 * Issue 19, "no slow outliers": stamping one page does the work its output needs and no more.
 * The pdf.js corpus showed the classes: an encrypted file had every object reachable from its
 * catalog loaded and decrypted before the stamp (issue17069.pdf, 160 ms for one page), and every
 * file with a form had every field loaded to look for signatures that an appended update leaves
 * valid anyway (160F-2019.pdf, annotation-*-widget.pdf). These files hold plenty that a stamp on
 * page 1 never reaches (a second page's fonts and image, form fields, bookmarks, an attachment),
 * and the test asserts on what @libpdf/core loaded, not on time.
 */
import { PDF, PdfDict, PdfName, type PdfObject, PdfRef, PdfStream } from '@libpdf/core';
import { describe, expect, it, vi } from 'vitest';
import {
  type EncryptionMethod,
  qpdfCheck,
  qpdfEncrypt,
} from '../../../test-support/outside-signer';
import { readPdfInfo, stampPdf } from '../src';
import { openForUpdate, placeAllOn } from '../src/place-all';
import { withXref } from './helpers/broken-pdfs';
import { centrePlacement, centreStamp } from './helpers/centre-stamp';
import { findBox, isRed, renderPage } from './helpers/raster';

const FIELDS = 40;
const BOOKMARKS = 20;

/**
 * Two pages; page 2 draws a font and an image; a form of FIELDS text fields and one signed
 * signature field (its widgets on page 2), BOOKMARKS bookmarks, an embedded file, an Info
 * dictionary. Object numbers: fields from 100, bookmarks from 300.
 */
function richFile(): Uint8Array {
  const objects: string[] = [];
  const obj = (n: number, body: string) => objects.push(`${n} 0 obj\n${body}\nendobj\n`);
  const content = (text: string) => `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
  const fieldRefs = Array.from({ length: FIELDS }, (_, i) => `${100 + i} 0 R`).join(' ');
  obj(
    1,
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${fieldRefs} 199 0 R] /SigFlags 3 >> ` +
      `/Outlines 299 0 R /Names << /EmbeddedFiles << /Names [(a.txt) 20 0 R] >> >> >>`,
  );
  obj(2, '<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>');
  obj(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>');
  obj(4, content('0 0 1 rg 50 50 100 100 re f'));
  const widgets = Array.from({ length: FIELDS }, (_, i) => `${100 + i} 0 R`).join(' ');
  obj(
    5,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 6 0 R ` +
      `/Resources << /Font << /F1 7 0 R >> /XObject << /Im1 8 0 R >> >> /Annots [${widgets} 199 0 R] >>`,
  );
  obj(6, content('BT /F1 12 Tf 72 720 Td (page two) Tj ET q 100 0 0 100 72 500 cm /Im1 Do Q'));
  obj(7, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const pixels = '00ff00'.repeat(64);
  obj(
    8,
    `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceRGB ` +
      `/BitsPerComponent 8 /Filter /ASCIIHexDecode /Length ${pixels.length + 1} >>\nstream\n${pixels}>\nendstream`,
  );
  obj(9, '<< /Producer (stamp-work test) /Title (a rich file) >>');
  obj(20, '<< /Type /Filespec /F (a.txt) /EF << /F 21 0 R >> >>');
  obj(21, `<< /Type /EmbeddedFile /Length 5 >>\nstream\nhello\nendstream`);
  for (let i = 0; i < FIELDS; i++) {
    obj(
      100 + i,
      `<< /FT /Tx /T (field${i}) /V (value ${i}) /Type /Annot /Subtype /Widget ` +
        `/Rect [72 ${700 - i * 12} 300 ${710 - i * 12}] /P 5 0 R >>`,
    );
  }
  obj(
    199,
    '<< /FT /Sig /T (approval) /V 198 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /P 5 0 R >>',
  );
  obj(198, '<< /Type /Sig /Filter /Adobe.PPKLite /Name (A. Signer) /Contents <00> >>');
  const items = Array.from({ length: BOOKMARKS }, (_, i) => 300 + i);
  obj(299, `<< /Type /Outlines /First 300 0 R /Last ${items.at(-1)} 0 R /Count ${BOOKMARKS} >>`);
  for (const n of items) {
    const links = [
      n > 300 ? `/Prev ${n - 1} 0 R` : '',
      n < 300 + BOOKMARKS - 1 ? `/Next ${n + 1} 0 R` : '',
    ];
    obj(n, `<< /Title (bookmark ${n}) /Parent 299 0 R ${links.join(' ')} /Dest [5 0 R /Fit] >>`);
  }
  return withXref(`%PDF-1.7\n${objects.join('')}`, '/Info 9 0 R');
}

const plain = richFile();

type Update = Awaited<ReturnType<typeof openForUpdate>>;

/**
 * What @libpdf/core has loaded of the file's own objects (not those the stamp added), as kinds
 * a reader would name them. `contents` are the pages' content streams as the file had them.
 */
function loadedKinds(update: Update, firstNew: number, contents: ReadonlySet<PdfObject>): string[] {
  const name = (o: PdfDict, key: string) => {
    const v = o.get(key);
    return v instanceof PdfName ? v.value : undefined;
  };
  const kinds: string[] = [];
  for (const [ref, object] of update.pdf.context.registry.getLoadedObjects()) {
    if (ref.objectNumber >= firstNew) continue;
    if (contents.has(object)) kinds.push('page content');
    else if (object instanceof PdfStream) kinds.push(`stream ${name(object, 'Subtype') ?? ''}`);
    else if (object instanceof PdfDict) {
      if (object.has('FT')) kinds.push('field');
      else if (object.has('Producer')) kinds.push('info');
      else
        kinds.push(
          name(object, 'Type') ?? `dict ${[...object.keys()].map((k) => k.value).join(' ')}`,
        );
    } else kinds.push(object.type);
  }
  return kinds.sort();
}

/** What a reader must load to stamp page 1: the catalog, the page tree, the pages' content, Info. */
const NEEDED = ['Catalog', 'Page', 'Page', 'Pages', 'info', 'page content', 'page content'];

async function stampFirstPage(bytes: Uint8Array, password?: string) {
  const update = await openForUpdate(bytes, { password });
  const firstNew = update.pdf.context.registry.nextObjectNumber;
  const contents = new Set<PdfObject>();
  for (const page of update.pdf.getPages()) {
    const entry = page.dict.get('Contents');
    const stream = entry instanceof PdfRef ? update.pdf.context.resolve(entry) : undefined;
    if (stream) contents.add(stream);
  }
  const out = await placeAllOn(update, {
    images: { s: centreStamp },
    placements: [centrePlacement],
    password,
  });
  return { update, out, loaded: () => loadedKinds(update, firstNew, contents) };
}

describe('a stamp on page 1 loads only what it draws on', () => {
  it('an unencrypted file with a form: no field is read to look for signatures', async () => {
    const { update, out, loaded } = await stampFirstPage(plain);
    expect(loaded()).toEqual(NEEDED);
    expect(qpdfCheck(out)).toBeNull();
    expect(findBox(renderPage(out, 1, 36), isRed)).toBeDefined();
    // Asked for, the signatures are still found (and only then are the fields read).
    expect(update.info.signatures).toEqual([{ field: 'approval', signer: 'A. Signer' }]);
    expect(loaded()).toContain('field');
  });

  it('readPdfInfo still reports the signature', async () => {
    expect((await readPdfInfo(plain)).signatures).toEqual([
      { field: 'approval', signer: 'A. Signer' },
    ]);
  });

  const METHODS: readonly EncryptionMethod[] = ['RC4-128', 'AES-128', 'AES-256'];
  it.each(METHODS)(
    '%s: nothing outside page 1 is decrypted, and only the change is appended',
    async (method) => {
      const input = qpdfEncrypt(plain, { method, userPassword: '', ownerPassword: 'owner' });
      const { out, loaded } = await stampFirstPage(input);
      expect(loaded()).toEqual(NEEDED);
      expect(qpdfCheck(out)).toBeNull();
      expect(findBox(renderPage(out, 1, 36), isRed)).toBeDefined();
      // The update holds the stamp, the page and what draws it: a few kilobytes, where the
      // file's fields, bookmarks and second page again would be many more.
      const plainGrowth =
        (await stampPdf(plain, { images: { s: centreStamp }, placements: [centrePlacement] }))
          .length - plain.length;
      expect(out.length - input.length).toBeLessThan(plainGrowth + 1500);
    },
  );

  // AES-256's key derivation (ISO 32000-2 algorithm 2.B, plain JavaScript in @libpdf/core) runs
  // inside each load, twice for a user password (three times when the empty password is the
  // owner's): the stamp must open the file once and save the update with the key it has
  // (pr6531_2, empty_protected, secHandler, issue7665).
  it('AES-256: one load for the whole stamp', async () => {
    const passwords = { userPassword: '', ownerPassword: 'owner' };
    const input = qpdfEncrypt(plain, { method: 'AES-256', ...passwords });
    const load = vi.spyOn(PDF, 'load');
    try {
      const out = await stampPdf(input, {
        images: { s: centreStamp },
        placements: [centrePlacement],
        ignoreRestrictions: true,
      });
      expect(load).toHaveBeenCalledTimes(1);
      expect(qpdfCheck(out)).toBeNull();
    } finally {
      load.mockRestore();
    }
  });
});
