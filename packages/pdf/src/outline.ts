/**
 * Bookmarks and named destinations across a merge. Named destinations live in each input's
 * catalog, where names from different files would collide, so every named destination a
 * bookmark or link uses is replaced by the explicit one it names as it is copied.
 */
import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  type PdfObject,
  PdfRef,
} from '@libpdf/core';
import { type InputCopier, nameKey } from './merge-copier';

/** Every named destination of a document: the old /Dests dictionary and the /Names tree. */
export function namedDestinations(pdf: PDF): Map<string, PdfObject> {
  const resolve = (o: PdfObject | undefined) =>
    o instanceof PdfRef ? (pdf.getObject(o) ?? undefined) : o;
  const catalog = pdf.getCatalog();
  const names = new Map<string, PdfObject>();
  const old = resolve(catalog.get('Dests'));
  if (old instanceof PdfDict) for (const [name, value] of old) names.set(name.value, value);
  const tree = resolve(catalog.get('Names'));
  const seen = new Set<PdfDict>();
  const walk = (node: PdfObject | undefined, depth: number) => {
    if (!(node instanceof PdfDict) || seen.has(node) || depth > MAX_DEPTH) return;
    seen.add(node);
    const pairs = resolve(node.get('Names'));
    if (pairs instanceof PdfArray) {
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        const name = nameKey(resolve(pairs.at(i)));
        if (name !== undefined) names.set(name, pairs.at(i + 1) as PdfObject);
      }
    }
    const kids = resolve(node.get('Kids'));
    if (kids instanceof PdfArray) for (const kid of kids) walk(resolve(kid), depth + 1);
  };
  if (tree instanceof PdfDict) walk(resolve(tree.get('Dests')), 0);
  return names;
}

export interface CopiedOutline {
  readonly first: PdfRef;
  readonly last: PdfRef;
  /** Items visible when every parent shows its children as the source had them open. */
  readonly visible: number;
}

const MAX_DEPTH = 64;

/** The entries of a bookmark that are its own (the links to other items are rebuilt). */
const ITEM_ENTRIES = ['Title', 'C', 'F', 'SE'] as const;

/**
 * Copies a chain of sibling bookmarks (from `first`, following /Next) and their children under
 * `parent` in the merged file. Destinations become explicit ones on the merged pages; a bookmark
 * that leads to no merged page keeps its title and children but no destination. Cycles and
 * absurd depths in broken files end the walk.
 */
export function copyOutlineItems(
  copier: InputCopier,
  target: PDF,
  first: PdfObject | undefined,
  parent: PdfRef,
  seen = new Set<number>(),
  depth = 0,
): CopiedOutline | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const items: PdfDict[] = [];
  for (let ref = first; ref instanceof PdfRef && !seen.has(ref.objectNumber); ) {
    seen.add(ref.objectNumber);
    const item = copier.resolve(ref);
    if (!(item instanceof PdfDict)) break;
    items.push(item);
    ref = item.get('Next');
  }
  if (items.length === 0) return undefined;
  const { registry } = target.context;
  const refs = items.map(() => registry.allocateRef());
  let visible = 0;
  items.forEach((item, i) => {
    const copy = new PdfDict();
    for (const name of ITEM_ENTRIES) {
      const value = item.get(name);
      if (value !== undefined) copy.set(name, copier.copy(value));
    }
    const dest = destinationOf(copier, item);
    if (dest) copy.set('Dest', copier.copy(dest));
    else if (dest === undefined && item.has('A'))
      copy.set('A', copier.copy(item.get('A') as PdfObject));
    const me = refs[i] as PdfRef;
    copy.set('Parent', parent);
    if (i > 0) copy.set('Prev', refs[i - 1] as PdfRef);
    if (i < refs.length - 1) copy.set('Next', refs[i + 1] as PdfRef);
    const kids = copyOutlineItems(copier, target, item.get('First'), me, seen, depth + 1);
    visible += 1;
    if (kids) {
      const count = copier.resolve(item.get('Count'));
      const open = count instanceof PdfNumber && count.value > 0;
      copy.set('First', kids.first);
      copy.set('Last', kids.last);
      copy.set('Count', PdfNumber.of(open ? kids.visible : -kids.visible));
      if (open) visible += kids.visible;
    }
    registry.registerAt(me, copy);
  });
  return { first: refs[0] as PdfRef, last: refs[refs.length - 1] as PdfRef, visible };
}

/**
 * The explicit destination of a bookmark, from /Dest or a GoTo action; null when it has one that
 * leads to no merged page; undefined when it has none (or another kind of action, kept as is).
 */
function destinationOf(copier: InputCopier, item: PdfDict): PdfArray | null | undefined {
  if (item.has('Dest')) return copier.destination(item.get('Dest')) ?? null;
  const action = copier.resolve(item.get('A'));
  if (!(action instanceof PdfDict)) return undefined;
  const kind = copier.resolve(action.get('S'));
  if (!(kind instanceof PdfName) || kind.value !== 'GoTo') return undefined;
  return copier.destination(action.get('D')) ?? null;
}
