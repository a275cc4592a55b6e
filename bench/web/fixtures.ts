/** The browser benchmark's documents, generated in code: many text pages, and a large scan. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDF } from '@libpdf/core';
import sharp from 'sharp';
import { textPages } from '../sections/pdf-fixtures';

/** A generated PDF written to a file (Playwright hands large files to the page by path). */
export interface Fixture {
  path: string;
  bytes: number;
  pages: number;
}

export function writeFixture(dir: string, name: string, bytes: Uint8Array, pages: number): Fixture {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return { path: file, bytes: bytes.length, pages };
}

export { textPages };

/** A scanned page: 2400 x 3400 px, about 290 dpi on an A4-sized page. */
const SCAN_PX = { width: 2400, height: 3400 } as const;
const SCAN_PAGE_PT = { width: 595.28, height: 842.8 } as const;
/** JPEG quality that makes one noisy grey page about 2 MB, as a real scan of print would be. */
const SCAN_QUALITY = 70;

/** A deterministic noisy grey page with ruled "text" lines, as a JPEG. */
async function scanJpeg(seed: number): Promise<Buffer> {
  const { width, height } = SCAN_PX;
  const px = Buffer.alloc(width * height);
  let s = seed >>> 0 || 1;
  for (let y = 0; y < height; y++) {
    // Lines of "text" every 100 px, 3 px thick, inside the margins.
    const ink = y % 100 < 3 && y > 200 && y < height - 200;
    for (let x = 0; x < width; x++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const noise = ((s >>> 24) & 63) - 32;
      const dark = ink && x > 200 && x < width - 200 ? 150 : 0;
      px[y * width + x] = Math.max(0, Math.min(255, 210 + noise - dark));
    }
  }
  return sharp(px, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: SCAN_QUALITY })
    .toBuffer();
}

/**
 * A scanned document of about `targetBytes` (under the tab's 100 MB limit): one large noisy JPEG
 * per page, each page its own image object (as a scanner writes them).
 */
export async function scannedPdf(
  targetBytes: number,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const doc = PDF.create();
  let total = 0;
  let pages = 0;
  for (let seed = 1; ; seed++) {
    const jpeg = await scanJpeg(seed * 7919);
    if (total + jpeg.length > targetBytes) break;
    total += jpeg.length;
    const image = doc.embedJpeg(jpeg);
    const page = doc.addPage(SCAN_PAGE_PT);
    page.drawImage(image, { x: 0, y: 0, ...SCAN_PAGE_PT });
    pages++;
  }
  return { bytes: await doc.save(), pages };
}
