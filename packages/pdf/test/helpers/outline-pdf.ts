/** PDFs with bookmarks and links, built at the object level with @libpdf/core. */
import {
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  type PdfRef,
  PdfString,
  rgb,
} from '@libpdf/core';

export interface Bookmark {
  readonly title: string;
  /** 0-based page, or a named destination. */
  readonly to: number | string;
  readonly kids?: readonly Bookmark[];
  readonly open?: boolean;
}

/**
 * Pages `widths` wide (so a page can be recognised after a merge), the named destination 'last'
 * on the last page, bookmarks, and on page 1 two links: one to 'last' by name, one to page 2 by a
 * GoTo action.
 */
export async function pdfWithBookmarks(
  widths: readonly number[],
  bookmarks: readonly Bookmark[],
): Promise<Uint8Array> {
  const pdf = PDF.create();
  const pages = widths.map((width) => {
    const page = pdf.addPage({ width, height: 400 });
    page.drawRectangle({ x: 10, y: 10, width: 20, height: 20, color: rgb(0, 0, 0) });
    return page;
  });
  const dest = (i: number) => PdfArray.of(pages[i]?.ref as PdfRef, PdfName.of('Fit'));
  const last = pages.length - 1;
  const catalog = pdf.getCatalog();
  catalog.set(
    'Names',
    PdfDict.of({
      Dests: PdfDict.of({ Names: PdfArray.of(PdfString.fromString('last'), dest(last)) }),
    }),
  );
  addOutline(pdf, bookmarks, (b, d) =>
    d.set('Dest', typeof b.to === 'number' ? dest(b.to) : PdfString.fromString(b.to)),
  );
  pages[0]?.dict.set(
    'Annots',
    PdfArray.of(
      link({ Dest: PdfString.fromString('last') }),
      link({
        A: PdfDict.of({ S: PdfName.of('GoTo'), D: dest(Math.min(1, last)) }),
      }),
    ),
  );
  return pdf.save();
}

/** A link annotation in the bottom-left corner, going where `to` says. */
export function link(to: Record<string, PdfObject>): PdfDict {
  return PdfDict.of({
    Type: PdfName.of('Annot'),
    Subtype: PdfName.of('Link'),
    Rect: PdfArray.of(PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(50), PdfNumber.of(50)),
    ...to,
  });
}

/** A bookmark as addOutline takes it: its title, whether it is open, and its children. */
export interface OutlineItem<T> {
  readonly title: string;
  readonly open?: boolean;
  readonly kids?: readonly T[];
}

/**
 * The catalog's /Outlines from `items`: each bookmark's dictionary with its title, parent,
 * neighbours, children and visible count; `to` sets where it goes (a /Dest or an /A).
 */
export function addOutline<T extends OutlineItem<T>>(
  pdf: PDF,
  items: readonly T[],
  to: (item: T, dict: PdfDict) => void,
): void {
  if (items.length === 0) return;
  const { registry } = pdf.context;
  const build = (
    list: readonly T[],
    parent: PdfRef,
  ): { first: PdfRef; last: PdfRef; count: number } => {
    const refs = list.map(() => registry.allocateRef());
    let count = 0;
    list.forEach((item, i) => {
      const d = PdfDict.of({ Title: PdfString.fromString(item.title), Parent: parent });
      to(item, d);
      if (i > 0) d.set('Prev', refs[i - 1] as PdfRef);
      if (i < refs.length - 1) d.set('Next', refs[i + 1] as PdfRef);
      count++;
      if (item.kids?.length) {
        const k = build(item.kids, refs[i] as PdfRef);
        d.set('First', k.first);
        d.set('Last', k.last);
        d.set('Count', PdfNumber.of(item.open ? k.count : -k.count));
        if (item.open) count += k.count;
      }
      registry.registerAt(refs[i] as PdfRef, d);
    });
    return { first: refs[0] as PdfRef, last: refs[refs.length - 1] as PdfRef, count };
  };
  const root = registry.allocateRef();
  const top = build(items, root);
  registry.registerAt(
    root,
    PdfDict.of({
      Type: PdfName.of('Outlines'),
      First: top.first,
      Last: top.last,
      Count: PdfNumber.of(top.count),
    }),
  );
  pdf.getCatalog().set('Outlines', root);
}
