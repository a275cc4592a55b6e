/**
 * The merged document's writer gives the bytes @libpdf/core's full save gives for the same
 * document (the new /ID aside), and a file qpdf finds sound.
 */
import { execFileSync } from 'node:child_process';
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  PdfRef,
  PdfStream,
  PdfString,
} from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { writeMerged } from '../src/merge-writer';
import { qpdfCheck, tempFile } from './helpers/raster';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const withoutId = (text: string) => text.replace(/\/ID \[<[0-9A-Fa-f]+> <[0-9A-Fa-f]+>\]/, '/ID');

/** A document with what the merge makes: pages, streams, outlines, strings, dead objects. */
function document(plainText = '0 0 m 10 10 l S\n'.repeat(10)): PDF {
  const pdf = PDF.create();
  pdf.context.info.trailer.delete('Info');
  const { registry } = pdf.context;
  const pagesRef = pdf.getCatalog().get('Pages') as PdfRef;
  const content = registry.register(
    PdfStream.fromDict(
      { Filter: PdfName.of('FlateDecode') },
      Uint8Array.of(0x78, 0x9c, 3, 0, 0, 0, 0, 1),
    ),
  );
  const plain = registry.register(new PdfStream([], new TextEncoder().encode(plainText)));
  // Made but never reached (a file that failed half-way): neither writer keeps it.
  registry.register(PdfDict.of({ Dead: PdfNumber.of(1) }));
  const gone = PdfRef.of(9999, 0);
  const kids = [0, 1].map((i) =>
    registry.register(
      PdfDict.of({
        Type: PdfName.of('Page'),
        Parent: pagesRef,
        MediaBox: new PdfArray([0, 0, 595.28, 841.89].map((n) => PdfNumber.of(n))),
        Contents: new PdfArray(i === 0 ? [content, plain] : [content]),
        // A reference to an object that is not there is written as null.
        Gone: gone,
        Note: PdfString.fromString(`第${i + 1}页 (a) \\ b`),
        Nested: new PdfArray([new PdfArray([PdfDict.of({ X: PdfName.of('Y Z') })])]),
      }),
    ),
  );
  const pages = registry.getObject(pagesRef) as PdfDict;
  pages.set('Kids', new PdfArray(kids));
  pages.set('Count', PdfNumber.of(kids.length));
  return pdf;
}

describe('writeMerged', () => {
  it('writes what the full save writes, but for the /ID', async () => {
    const ours = writeMerged(document(), 1000);
    const theirs = await document().save({ useXRefStream: false });
    expect(withoutId(latin1(ours))).toBe(withoutId(latin1(theirs)));
    expect(latin1(ours)).not.toContain('Dead');
    expect(qpdfCheck(ours)).toContain('No syntax or stream encoding errors');
  });

  it('compresses an unfiltered stream of 512 bytes or more, as the save does', () => {
    const text = '0 0 m 10 10 l S\n'.repeat(100);
    const out = writeMerged(document(text), 1000);
    expect(qpdfCheck(out)).toContain('No syntax or stream encoding errors');
    // The compressor's bytes may differ from the save's; the content may not.
    const json = JSON.parse(
      execFileSync(
        'qpdf',
        ['--json', '--json-stream-data=inline', '--decode-level=generalized', tempFile(out)],
        {
          encoding: 'utf8',
          maxBuffer: 1 << 26,
        },
      ),
    );
    const streams = Object.values(
      json.qpdf[1] as Record<string, { stream?: { data: string; dict: Record<string, unknown> } }>,
    ).flatMap((o) => (o.stream ? [o.stream] : []));
    const plain = streams.find((s) => Buffer.from(s.data, 'base64').toString() === text);
    expect(plain).toBeDefined();
    expect(latin1(out)).toMatch(/\/Filter \/FlateDecode[\s\S]*\/Filter \/FlateDecode/);
  });

  it('grows its buffer past a size hint far too small', () => {
    const out = writeMerged(document(), 1);
    expect(latin1(out).endsWith('%%EOF\n')).toBe(true);
    expect(qpdfCheck(out)).toContain('No syntax or stream encoding errors');
  });
});
