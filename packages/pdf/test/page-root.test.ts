/**
 * A catalog whose /Pages names a page instead of the page tree's root (pdf.js's issue21436.pdf):
 * qpdf follows the page's /Parent links to the root and corrects the catalog, and so must we on
 * every path, merge included.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { mergePdfs, readPdfInfo } from '../src';
import { edited } from './helpers/broken-pdfs';
import { qpdfCheck, tempFile } from './helpers/raster';

const qpdfPages = (pdf: Uint8Array) =>
  execFileSync('qpdf', ['--show-npages', tempFile(pdf)], { encoding: 'utf8' }).trim();

describe('a catalog whose /Pages names a page', () => {
  // The two-page file's catalog points at its first page (3 0 R), whose /Parent is the root.
  const atPage = edited((body) => body.replace('/Pages 2 0 R', '/Pages 3 0 R'));

  it('reads both pages, as repaired', async () => {
    const info = await readPdfInfo(atPage);
    expect(info.pages).toHaveLength(2);
    expect(info.repaired).toBe(true);
  });

  it('merges both pages into a file qpdf reads without complaint', async () => {
    const { bytes, results } = await mergePdfs([{ bytes: atPage, name: 'at-page.pdf' }]);
    expect(results).toEqual([{ name: 'at-page.pdf', ok: true, pages: 2 }]);
    expect(qpdfCheck(bytes as Uint8Array)).toMatch(/No syntax or stream encoding errors/);
    expect(qpdfPages(bytes as Uint8Array)).toBe('2');
  });

  it('is still no pages when the page leads up to no page tree', async () => {
    const orphan = edited((body) =>
      body.replace('/Pages 2 0 R', '/Pages 3 0 R').replace(/\/Parent 2 0 R/g, ''),
    );
    await expect(readPdfInfo(orphan)).rejects.toMatchObject({ code: 'NO_PAGES' });
  });
});
