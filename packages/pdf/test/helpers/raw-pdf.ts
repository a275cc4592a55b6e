/**
 * Hand-written PDFs with the shapes real files have and generators rarely make: boxes and /Rotate
 * inherited from the page tree, CropBoxes away from the origin, mixed page sizes. Every page draws
 * a black square in the top-left corner of its visible area, so renders can show the content
 * survived.
 */
export interface RawPage {
  readonly mediaBox?: readonly number[];
  readonly cropBox?: readonly number[];
  readonly rotate?: number;
  /** Extra content, in user space. */
  readonly content?: string;
}

export interface Inherited {
  readonly mediaBox?: readonly number[];
  readonly cropBox?: readonly number[];
  readonly rotate?: number;
}

const arr = (n: readonly number[]) => `[${n.join(' ')}]`;

function entries(p: RawPage | Inherited): string {
  return [
    p.mediaBox ? `/MediaBox ${arr(p.mediaBox)}` : '',
    p.cropBox ? `/CropBox ${arr(p.cropBox)}` : '',
    p.rotate !== undefined ? `/Rotate ${p.rotate}` : '',
  ].join(' ');
}

/** The black square in the top-left corner of a visible area, in user space (unrotated). */
export function markerSquare(visible: readonly number[]): string {
  const [llx = 0, , , ury = 0] = visible;
  return `0 0 0 rg ${llx + 10} ${ury - 40} 30 30 re f`;
}

export function buildPdf(pages: readonly RawPage[], inherited: Inherited = {}): Uint8Array {
  const objects: string[] = [];
  const kids: number[] = [];
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(''); // the Pages node, filled in once the kids are known
  for (const page of pages) {
    const visible = page.cropBox ?? inherited.cropBox ?? page.mediaBox ?? inherited.mediaBox ?? [];
    const content = `${markerSquare(visible)}\n${page.content ?? ''}\n`;
    const pageNo = objects.length + 1;
    kids.push(pageNo);
    objects.push(`<< /Type /Page /Parent 2 0 R ${entries(page)} /Contents ${pageNo + 1} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}endstream`);
  }
  objects[1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} ` +
    `${entries(inherited)} >>`;
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
