/**
 * PDFs with Chinese text written the ways common producers write it, built in code for the text
 * search tests (关键字签章). Two font kinds:
 * - 'identity': a Type0 font with Identity-H codes and a ToUnicode CMap (what Word, WPS and Chrome's
 *   print write with an embedded subset; the codes here are made-up glyph numbers, so the ToUnicode
 *   CMap is the only way back to the text, as with a real subset);
 * - 'ucs2': the predefined UniGB-UCS2-H CMap over the non-embedded STSong-Light (what iText and many
 *   Chinese report tools write).
 * Each run can be shown in one operator, one operator per character, or through a TJ array with kerns.
 */
export type FontKind = 'identity' | 'ucs2';
export type Split = 'one' | 'chars' | 'tj';

export interface TextRun {
  readonly text: string;
  /** Baseline start in user space. */
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly font?: FontKind;
  readonly split?: Split;
}

export interface FixturePage {
  readonly mediaBox?: readonly [number, number, number, number];
  readonly cropBox?: readonly [number, number, number, number];
  readonly rotate?: number;
  readonly runs: readonly TextRun[];
}

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

/** Every character gets a made-up 2-byte code, in order of first use (like a subset's glyph ids). */
function identityCodes(pages: readonly FixturePage[]): Map<string, number> {
  const codes = new Map<string, number>();
  for (const p of pages)
    for (const r of p.runs)
      if ((r.font ?? 'identity') === 'identity')
        for (const ch of r.text) if (!codes.has(ch)) codes.set(ch, 0x100 + codes.size * 7);
  return codes;
}

function showOps(run: TextRun, codes: Map<string, number>): string {
  const kind = run.font ?? 'identity';
  const code = (ch: string) =>
    hex4(kind === 'identity' ? (codes.get(ch) ?? 0) : (ch.codePointAt(0) ?? 0));
  const font = kind === 'identity' ? '/F1' : '/F2';
  const chars = [...run.text];
  const head = `BT ${font} ${run.size} Tf ${run.x} ${run.y} Td `;
  switch (run.split ?? 'one') {
    case 'one':
      return `${head}<${chars.map(code).join('')}> Tj ET\n`;
    case 'tj':
      // A kern of -10 (thousandths of the size) between characters, as justified text has.
      return `${head}[${chars.map((c) => `<${code(c)}>`).join(' -10 ')}] TJ ET\n`;
    case 'chars':
      // One operator per character, each placed by its own Td (advance = 1 em for CJK).
      return `${head}${chars.map((c, i) => `${i === 0 ? '' : `${run.size} 0 Td `}<${code(c)}> Tj`).join(' ')} ET\n`;
  }
}

/** The PDF file (classic xref table). */
export function cjkPdf(pages: readonly FixturePage[]): Uint8Array {
  const codes = identityCodes(pages);
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const stream = (dict: string, data: string) =>
    `<< ${dict} /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;

  const catalog = add('');
  const pagesObj = add('');
  const bfchars = [...codes].map(([ch, c]) => `<${hex4(c)}> <${hex4(ch.codePointAt(0) ?? 0)}>`);
  const toUnicode = add(
    stream(
      '',
      `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def 1 begincodespacerange <0000> <FFFF> endcodespacerange ${bfchars.length} beginbfchar ${bfchars.join(' ')} endbfchar endcmap CMapName currentdict /CMap defineresource pop end end`,
    ),
  );
  const descriptor = add(
    '<< /Type /FontDescriptor /FontName /AAAAAA+NotoSansCJKsc-Regular /Flags 4 /FontBBox [-1000 -300 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>',
  );
  const cidIdentity = add(
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /AAAAAA+NotoSansCJKsc-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /DW 1000 >>`,
  );
  const f1 = add(
    `<< /Type /Font /Subtype /Type0 /BaseFont /AAAAAA+NotoSansCJKsc-Regular /Encoding /Identity-H /DescendantFonts [${cidIdentity} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
  );
  const songDescriptor = add(
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  );
  const cidSong = add(
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor ${songDescriptor} 0 R /DW 1000 >>`,
  );
  const f2 = add(
    `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light-UniGB-UCS2-H /Encoding /UniGB-UCS2-H /DescendantFonts [${cidSong} 0 R] >>`,
  );
  const kids: number[] = [];
  for (const p of pages) {
    const content = add(stream('', p.runs.map((r) => showOps(r, codes)).join('')));
    const mb = p.mediaBox ?? [0, 0, 595, 842];
    const extra = `${p.cropBox ? ` /CropBox [${p.cropBox.join(' ')}]` : ''}${p.rotate ? ` /Rotate ${p.rotate}` : ''}`;
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [${mb.join(' ')}]${extra} /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
