/**
 * Bookmarks and links across a merge. Named destinations live in each source's catalog, where
 * names from different files would collide, so every named destination a bookmark or link uses
 * is replaced by the explicit one it names before it is copied.
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFObjectCopier,
  PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';

/** Every named destination of a document: the old /Dests dictionary and the /Names tree. */
export function namedDestinations(doc: PDFDocument): Map<string, PDFObject> {
  const { context, catalog } = doc;
  const names = new Map<string, PDFObject>();
  const old = context.lookupMaybe(catalog.get(PDFName.of('Dests')), PDFDict);
  for (const [key, value] of old?.entries() ?? []) names.set(key.decodeText(), value);
  const tree = context.lookupMaybe(catalog.Names()?.get(PDFName.of('Dests')), PDFDict);
  const seen = new Set<PDFDict>();
  const walk = (node: PDFDict | undefined) => {
    if (!node || seen.has(node)) return;
    seen.add(node);
    const pairs = context.lookupMaybe(node.get(PDFName.of('Names')), PDFArray)?.asArray() ?? [];
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const key = context.lookup(pairs[i]);
      if (key instanceof PDFString || key instanceof PDFHexString) {
        names.set(key.decodeText(), pairs[i + 1] as PDFObject);
      }
    }
    const kids = context.lookupMaybe(node.get(PDFName.of('Kids')), PDFArray)?.asArray() ?? [];
    for (const kid of kids) walk(context.lookupMaybe(kid, PDFDict));
  };
  walk(tree);
  return names;
}

/** A destination as an explicit array [page /XYZ ...], following names; undefined if unknown. */
export function explicitDestination(
  doc: PDFDocument,
  names: Map<string, PDFObject>,
  dest: PDFObject | undefined,
): PDFArray | undefined {
  const { context } = doc;
  const value = context.lookup(dest);
  if (value instanceof PDFArray) return value;
  let key: string | undefined;
  if (value instanceof PDFName) key = value.decodeText();
  else if (value instanceof PDFString || value instanceof PDFHexString) key = value.decodeText();
  if (key === undefined) return undefined;
  const target = context.lookup(names.get(key));
  // A named destination is an array, or a dictionary whose /D is one.
  const array = target instanceof PDFDict ? context.lookup(target.get(PDFName.of('D'))) : target;
  return array instanceof PDFArray ? array : undefined;
}

/**
 * Makes an item (bookmark or link annotation, as copied) point at an explicit destination when
 * its source used a named one. Works on /Dest and on a GoTo action's /D.
 */
export function fixDestination(
  source: PDFDocument,
  names: Map<string, PDFObject>,
  copier: PDFObjectCopier,
  original: PDFDict,
  copy: PDFDict,
): void {
  const { context } = source;
  // Explicit destinations were copied with the item, their page refs mapped by the copier.
  const named = (d: PDFObject | undefined) =>
    d !== undefined && !(context.lookup(d) instanceof PDFArray);
  const dest = original.get(PDFName.of('Dest'));
  if (dest !== undefined) {
    const explicit = named(dest) && explicitDestination(source, names, dest);
    if (explicit) copy.set(PDFName.of('Dest'), copier.copy(explicit));
    return;
  }
  const action = context.lookupMaybe(original.get(PDFName.of('A')), PDFDict);
  if (!action || action.get(PDFName.of('S')) !== PDFName.of('GoTo')) return;
  const d = action.get(PDFName.of('D'));
  const explicit = named(d) && explicitDestination(source, names, d);
  if (!explicit) return;
  copy.delete(PDFName.of('A'));
  copy.set(PDFName.of('Dest'), copier.copy(explicit));
}

export interface CopiedOutline {
  readonly first: PDFRef;
  readonly last: PDFRef;
  /** Items visible when every parent shows its children as the source had them open. */
  readonly visible: number;
}

const MAX_DEPTH = 64;

/**
 * Copies a chain of sibling bookmarks (from `firstRef`, following /Next) and their children under
 * `parent` in the target. Cycles and absurd depths in broken files end the walk.
 */
export function copyOutlineItems(
  source: PDFDocument,
  target: PDFDocument,
  copier: PDFObjectCopier,
  names: Map<string, PDFObject>,
  firstRef: PDFObject | undefined,
  parent: PDFRef,
  seen = new Set<PDFRef>(),
  depth = 0,
): CopiedOutline | undefined {
  const { context } = source;
  const refs: PDFRef[] = [];
  for (let ref = firstRef; ref instanceof PDFRef && !seen.has(ref); ) {
    seen.add(ref);
    refs.push(ref);
    ref = context.lookupMaybe(ref, PDFDict)?.get(PDFName.of('Next'));
  }
  if (refs.length === 0 || depth > MAX_DEPTH) return undefined;
  const news = refs.map(() => target.context.nextRef());
  let visible = 0;
  refs.forEach((ref, i) => {
    const item = context.lookup(ref, PDFDict);
    const copy = target.context.obj({}) as PDFDict;
    for (const key of ['Title', 'C', 'F', 'Dest', 'A']) {
      const value = item.get(PDFName.of(key));
      if (value !== undefined) copy.set(PDFName.of(key), copier.copy(value));
    }
    fixDestination(source, names, copier, item, copy);
    const me = news[i] as PDFRef;
    copy.set(PDFName.of('Parent'), parent);
    if (i > 0) copy.set(PDFName.of('Prev'), news[i - 1] as PDFRef);
    if (i < news.length - 1) copy.set(PDFName.of('Next'), news[i + 1] as PDFRef);
    const kids = copyOutlineItems(
      source,
      target,
      copier,
      names,
      item.get(PDFName.of('First')),
      me,
      seen,
      depth + 1,
    );
    visible += 1;
    if (kids) {
      const count = context.lookupMaybe(item.get(PDFName.of('Count')), PDFNumber)?.asNumber() ?? 0;
      const open = count > 0;
      copy.set(PDFName.of('First'), kids.first);
      copy.set(PDFName.of('Last'), kids.last);
      copy.set(PDFName.of('Count'), PDFNumber.of(open ? kids.visible : -kids.visible));
      if (open) visible += kids.visible;
    }
    target.context.assign(me, copy);
  });
  return { first: news[0] as PDFRef, last: news[news.length - 1] as PDFRef, visible };
}
