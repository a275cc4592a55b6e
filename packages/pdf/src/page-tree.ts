/**
 * Walking a file's page tree the way readers do, with the refusals that protect us: a tree that
 * loops or nests absurdly deep is an attack, not damage. What readers quietly repair (a wrong
 * /Count, kids without /Type, pages written inline, /Parent links that point elsewhere) is
 * reported, so that the file is written in full with the tree made right.
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
import { PdfReadError } from './errors';

/** Far deeper than any page tree a writer makes; a deeper chain is a loop or an attack. */
export const MAX_TREE_DEPTH = 512;

export interface PageTreeWalk {
  /** The page dictionaries, in document order. */
  readonly pages: readonly PdfDict[];
  /** The tree is not as written: /Count, /Type, /Parent or inline pages need setting right. */
  readonly needsRepair: boolean;
  /** Pages that @libpdf/core's own walk misses (no /Type, written inline): a reload is needed. */
  readonly unlisted: boolean;
}

/** A refusal no repair may override: the file is hostile or its pages are gone. */
export const damaged = (cause?: unknown) =>
  new PdfReadError('BROKEN_PDF', 'This PDF is damaged or incomplete', { cause });
const noPages = () => new PdfReadError('NO_PAGES', 'This PDF has no pages');

const typeOf = (node: PdfDict) => {
  const type = node.get('Type');
  return type instanceof PdfName ? type.value : undefined;
};

/**
 * The pages as readers find them: a kid with /Kids is a node, any other dictionary a page
 * (qpdf overrides a wrong /Type the same way). Throws BROKEN_PDF for loops and absurd depth,
 * NO_PAGES when the tree lists none.
 */
export function walkPageTree(pdf: PDF): PageTreeWalk {
  const resolve = (o: PdfObject | undefined) =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;
  const root = resolve(pdf.getCatalog().get('Pages'));
  // A catalog whose /Pages is not a page tree (qpdf finds no pages in it either).
  if (!(root instanceof PdfDict) || !(typeOf(root) === 'Pages' || root.has('Kids'))) {
    throw noPages();
  }
  const pages: PdfDict[] = [];
  let needsRepair = false;
  let unlisted = false;
  const onPath = new Set<PdfDict>();
  const seen = new Set<PdfDict>();
  // Iterative: a tree 10,000 levels deep must not overflow the stack before we refuse it.
  const stack: {
    node: PdfDict;
    ref: PdfObject | undefined;
    kids: PdfObject[];
    next: number;
    count: number;
  }[] = [];
  const enter = (node: PdfDict, ref: PdfObject | undefined) => {
    if (stack.length >= MAX_TREE_DEPTH) throw damaged();
    const kids = resolve(node.get('Kids'));
    onPath.add(node);
    seen.add(node);
    stack.push({
      node,
      ref,
      kids: kids instanceof PdfArray ? kids.toArray() : [],
      next: 0,
      count: 0,
    });
  };
  enter(root, pdf.getCatalog().get('Pages'));
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    if (frame.next >= frame.kids.length) {
      stack.pop();
      onPath.delete(frame.node);
      const declared = resolve(frame.node.get('Count'));
      if (!(declared instanceof PdfNumber) || declared.value !== frame.count) needsRepair = true;
      const parent = stack[stack.length - 1];
      if (parent) parent.count += frame.count;
      continue;
    }
    const item = frame.kids[frame.next++];
    const kid = resolve(item);
    if (!(kid instanceof PdfDict)) {
      needsRepair = true;
      continue;
    }
    if (onPath.has(kid)) throw damaged(); // a /Kids cycle
    if (seen.has(kid)) {
      // Listed twice: readers take it once, as @libpdf/core does.
      needsRepair = true;
      continue;
    }
    if (!(item instanceof PdfRef)) unlisted = true;
    // A /Parent that is not the node listing the kid breaks inheritance in other readers.
    if (!(frame.ref instanceof PdfRef && sameRef(kid.get('Parent'), frame.ref))) {
      needsRepair = true;
    }
    const type = typeOf(kid);
    if (type === 'Pages' || (type !== 'Page' && kid.has('Kids'))) {
      if (type !== 'Pages') unlisted = true;
      enter(kid, item);
    } else {
      if (type !== 'Page') unlisted = true;
      seen.add(kid);
      pages.push(kid);
      frame.count++;
    }
  }
  if (pages.length === 0) throw noPages();
  checkParents(pages, resolve);
  return { pages, needsRepair: needsRepair || unlisted, unlisted };
}

/**
 * Inheritance (MediaBox, Rotate...) climbs /Parent links: refuse loops and absurd depth there,
 * which would send every reader that climbs them round forever.
 */
function checkParents(
  pages: readonly PdfDict[],
  resolve: (o?: PdfObject) => PdfObject | undefined,
) {
  const sound = new Set<PdfDict>();
  for (const page of pages) {
    const chain = new Set<PdfDict>();
    let node: PdfObject | undefined = page;
    while (node instanceof PdfDict && !sound.has(node)) {
      if (chain.has(node) || chain.size > MAX_TREE_DEPTH) throw damaged();
      chain.add(node);
      node = resolve(node.get('Parent'));
    }
    for (const n of chain) sound.add(n);
  }
}

/**
 * Makes the tree what readers make of it: every kid indirect and typed, every /Count the pages
 * under it, every /Parent the node that lists the kid. A repaired file is written in full, and
 * a wrong count or parent would make the next reader repair it again.
 */
export function repairPageTree(pdf: PDF): void {
  const resolve = (o: PdfObject | undefined) =>
    o instanceof PdfRef ? (pdf.context.resolve(o) ?? undefined) : o;
  const seen = new Set<PdfDict>();
  const count = (node: PdfDict, self: PdfRef, depth: number): number => {
    if (seen.has(node) || depth > MAX_TREE_DEPTH) return 0;
    seen.add(node);
    const kids = resolve(node.get('Kids'));
    if (!(kids instanceof PdfArray)) return 0;
    const kept: PdfRef[] = [];
    let total = 0;
    for (const item of kids) {
      const child = resolve(item);
      if (!(child instanceof PdfDict) || seen.has(child)) continue;
      const ref = item instanceof PdfRef ? item : pdf.context.registry.register(child);
      kept.push(ref);
      const type = typeOf(child);
      const isNode = type === 'Pages' || (type !== 'Page' && child.has('Kids'));
      child.set('Type', PdfName.of(isNode ? 'Pages' : 'Page'));
      if (!sameRef(child.get('Parent'), self)) child.set('Parent', self);
      if (isNode) total += count(child, ref, depth + 1);
      else {
        seen.add(child);
        total++;
      }
    }
    if (kept.length !== kids.length || kept.some((r, i) => kids.at(i) !== r)) {
      node.set('Kids', new PdfArray(kept));
    }
    const old = resolve(node.get('Count'));
    if (!(old instanceof PdfNumber) || old.value !== total) node.set('Count', PdfNumber.of(total));
    return total;
  };
  const rootRef = pdf.getCatalog().get('Pages');
  const root = resolve(rootRef);
  if (root instanceof PdfDict && rootRef instanceof PdfRef) {
    if (typeOf(root) !== 'Pages') root.set('Type', PdfName.of('Pages'));
    count(root, rootRef, 0);
  }
}

const sameRef = (a: PdfObject | undefined, b: PdfRef) =>
  a instanceof PdfRef && a.objectNumber === b.objectNumber && a.generation === b.generation;
