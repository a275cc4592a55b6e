import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  type PdfNumber,
  type PdfObject,
  PdfRef,
} from '@libpdf/core';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useApp } from './harness';
import { annotations, makePdf } from './pdfs';
import { pixel, readPng } from './png';

const NOTE = '甲方盖章已审核';

async function viewerFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith('about:srcdoc'))).toBe(true);
  const frame = page.frames().find((f) => f.url().startsWith('about:srcdoc'));
  if (!frame) throw new Error('no viewer frame');
  return frame;
}

/** The /Rect of the first FreeText annotation on page 1. */
function freeTextRect(doc: PDF): [number, number, number, number] {
  const resolve = (o: PdfObject | undefined) => (o instanceof PdfRef ? doc.getObject(o) : o);
  const annots = resolve(doc.getPage(0)?.dict.get('Annots'));
  for (const ref of annots instanceof PdfArray ? annots : []) {
    const annot = resolve(ref);
    if (!(annot instanceof PdfDict)) continue;
    const subtype = annot.get('Subtype');
    if (!(subtype instanceof PdfName) || subtype.value !== 'FreeText') continue;
    const rect = resolve(annot.get('Rect')) as PdfArray;
    return rect.toArray().map((n) => (resolve(n) as PdfNumber).value) as [
      number,
      number,
      number,
      number,
    ];
  }
  throw new Error('no FreeText annotation');
}

/** Dark pixels inside `rect` (PDF points, y up) of page 1 rendered by poppler at 72 dpi. */
function inkInRect(file: string, rect: [number, number, number, number], dir: string): number {
  const prefix = path.join(dir, path.basename(file, '.pdf'));
  execFileSync('pdftoppm', ['-r', '72', '-png', '-f', '1', '-l', '1', '-singlefile', file, prefix]);
  const img = readPng(`${prefix}.png`);
  const [x1, y1, x2, y2] = rect;
  let ink = 0;
  for (let y = Math.floor(img.height - y2); y < Math.ceil(img.height - y1); y++) {
    for (let x = Math.floor(x1); x < Math.ceil(x2); x++) {
      const [r, g, b] = pixel(img, x, y);
      if (r < 100 && g < 100 && b < 100) ink++;
    }
  }
  return ink;
}

describe('/pdf: a FreeText note in Chinese survives the save (issue 18, item 5)', () => {
  const app = useApp();

  it('types Chinese with the FreeText tool, saves; poppler and pdf.js show the glyphs', async () => {
    const { context, page } = await openPage(app.browser, `${app.server.url}/pdf`);
    const contract = await makePdf({ label: 'Lease', pages: [[400, 500]] });
    await page.getByLabel('选择PDF', { exact: true }).setInputFiles({
      name: 'contract.pdf',
      mimeType: 'application/pdf',
      buffer: contract,
    });
    const frame = await viewerFrame(page);
    await frame.locator('#viewer .page .textLayer span').first().waitFor();
    await frame.getByRole('button', { name: '文本' }).click();
    await frame
      .locator('#viewer .page')
      .first()
      .click({ position: { x: 80, y: 300 } });
    await page.keyboard.type(NOTE);
    await page.keyboard.press('Escape');
    const download = page.waitForEvent('download');
    await frame.getByRole('button', { name: '保存' }).click();
    const file = await download;
    const dir = mkdtempSync(path.join(tmpdir(), 'yz-freetext-'));
    try {
      const saved = path.join(dir, 'saved.pdf');
      await file.saveAs(saved);
      const doc = await PDF.load(readFileSync(saved));
      expect(annotations(doc, 0)).toContainEqual({ subtype: '/FreeText', contents: NOTE });
      const rect = freeTextRect(doc);
      // The same box on the input is blank: all ink there is the note's.
      const input = path.join(dir, 'input.pdf');
      writeFileSync(input, contract);
      expect(inkInRect(input, rect, dir)).toBe(0);
      // Seven Chinese characters at pdf.js's default 10 pt: well over a hundred dark pixels.
      expect(inkInRect(saved, rect, dir)).toBeGreaterThan(100);

      // pdf.js shows the same note when the saved file is opened again: more dark pixels on the
      // page's canvas than the input had.
      const darkOnCanvas = async (buffer: Buffer, name: string) => {
        await page.getByLabel('选择PDF', { exact: true }).setInputFiles({
          name,
          mimeType: 'application/pdf',
          buffer,
        });
        await expect
          .poll(() =>
            frame.evaluate(
              () =>
                (window as unknown as { PDFViewerApplication: { _docFilename: string } })
                  .PDFViewerApplication._docFilename,
            ),
          )
          .toBe(name);
        const canvas = frame.locator('#viewer .page[data-loaded] canvas').first();
        await canvas.waitFor();
        return canvas.evaluate((c) => {
          const el = c as HTMLCanvasElement;
          const data = el.getContext('2d')?.getImageData(0, 0, el.width, el.height).data ?? [];
          let n = 0;
          for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 100) n++;
          return n;
        });
      };
      // Polled until pdf.js has drawn the page's own line of text (about 1,500 dark pixels).
      let plain = 0;
      await expect
        .poll(async () => {
          plain = await darkOnCanvas(contract, 'plain.pdf');
          return plain;
        })
        .toBeGreaterThan(1000);
      const noted = () => darkOnCanvas(readFileSync(saved), 'noted.pdf');
      await expect.poll(noted).toBeGreaterThan(plain + 100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await context.close();
  });
});
