import { PDF } from '@libpdf/core';
import { writeFileSync } from 'node:fs';
import { cjkPdf } from '../../test-support/cjk-pdf';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
const bytes = cjkPdf([{ runs: [
  { text: '甲方（盖章）：', x: 72, y: 700, size: 14 },
  { text: '乙方（盖章）：', x: 320, y: 700, size: 14, split: 'chars' },
  { text: '甲方（盖章）', x: 72, y: 600, size: 12, font: 'ucs2', split: 'tj' },
]}, { rotate: 90, cropBox: [50, 60, 545, 800], runs: [{ text: '甲方 （盖章）', x: 100, y: 300, size: 20 }] }]);
writeFileSync('/tmp/kw/t2.pdf', bytes);
let t = Date.now();
const re = await PDF.load(bytes);
for (const m of re.findText('（盖章）')) console.log('libpdf', m.pageIndex, JSON.stringify(m.bbox));
for (const pt of re.extractText()) console.log('libpdf text', JSON.stringify(pt.text));
console.log('libpdf ms', Date.now() - t);
t = Date.now();
const doc = await pdfjs.getDocument({ data: bytes.slice(), cMapUrl: new URL('../../node_modules/pdfjs-dist/cmaps/', import.meta.url).pathname, cMapPacked: true, verbosity: 0 }).promise;
for (let i = 1; i <= doc.numPages; i++) {
  const page = await doc.getPage(i);
  const tc = await page.getTextContent();
  console.log('pdfjs', i, JSON.stringify(tc.items.map((it: any) => [it.str, it.transform.map((n: number) => Math.round(n)), Math.round(it.width)])));
}
console.log('pdfjs ms', Date.now() - t);
