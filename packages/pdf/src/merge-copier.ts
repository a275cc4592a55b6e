/**
 * Copying one input's pages into the merged document, on @libpdf/core's object model.
 *
 * @libpdf/core's own copier (PDF.copyPagesFrom) copies a page's /Parent chain and every page a
 * link points at as new objects, so a file with links comes out with duplicate pages. This one
 * keeps one map from the input's objects to the merged file's for all pages of the input: every
 * object is copied once, whichever page or bookmark reaches it first, and a reference to a page
 * lands on that page's copy. Page-tree nodes and the catalog are never copied (the merged file
 * has its own), pages outside the input's page tree become null, and links whose destination is
 * not a merged page are dropped.
 */
import {
  type PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNull,
  PdfNumber,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
} from '@libpdf/core';
import { drawnContent, inflatesAsWritten } from './page-content';

/** Entries a page may take from its ancestors in the page tree (ISO 32000 §7.7.3.4). */
const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;

/**
 * Page entries that tie the page to structures of its own file that are not merged: its place
 * in the page tree, article beads and the tagged structure tree.
 */
const PAGE_ONLY = new Set(['Parent', 'B', 'StructParents']);

/** Far deeper than any page tree a writer makes; a /Parent loop ends there. */
const MAX_TREE_DEPTH = 512;

const key = (ref: PdfRef) => ref.objectNumber * 65536 + ref.generation;

export class InputCopier {
  /** Source object (by reference) to its copy in the merged file. */
  private readonly refs = new Map<number, PdfRef>();
  /** Source page references, to the references reserved for their copies. */
  private readonly pages = new Map<number, PdfRef>();
  readonly pageRefs: readonly PdfRef[];
  private readonly sourcePages: readonly PdfRef[];

  constructor(
    private readonly source: PDF,
    private readonly target: PDF,
    private readonly names: ReadonlyMap<string, PdfObject>,
  ) {
    this.sourcePages = source.context.pages.getPages();
    const { registry } = target.context;
    this.pageRefs = this.sourcePages.map((ref) => {
      const copy = registry.allocateRef();
      this.pages.set(key(ref), copy);
      this.refs.set(key(ref), copy);
      return copy;
    });
  }

  resolve(object: PdfObject | undefined): PdfObject | undefined {
    return object instanceof PdfRef ? (this.source.getObject(object) ?? undefined) : object;
  }

  /**
   * Copies every page, its inherited entries written on the page itself, each with /Parent
   * `parent`. Returns the copies' references in page order.
   */
  copyPages(parent: PdfRef): readonly PdfRef[] {
    const { registry } = this.target.context;
    this.sourcePages.forEach((ref, i) => {
      const page = this.resolve(ref);
      const copy = new PdfDict();
      if (page instanceof PdfDict) {
        for (const [name, value] of page) {
          if (PAGE_ONLY.has(name.value)) continue;
          if (name.value === 'Annots') copy.set(name, this.copyAnnots(value));
          else if (name.value === 'Contents') copy.set(name, this.copyContents(value));
          else copy.set(name, this.copy(value));
        }
        for (const name of INHERITABLE) {
          if (copy.has(name)) continue;
          const inherited = this.inherited(page, name);
          if (inherited !== undefined) copy.set(name, this.copy(inherited));
        }
      }
      copy.set('Type', PdfName.of('Page'));
      copy.set('Parent', parent);
      registry.registerAt(this.pageRefs[i] as PdfRef, copy);
    });
    return this.pageRefs;
  }

  private inherited(page: PdfDict, name: string): PdfObject | undefined {
    let node = this.resolve(page.get('Parent'));
    for (let depth = 0; node instanceof PdfDict && depth < MAX_TREE_DEPTH; depth++) {
      const value = node.get(name);
      if (value !== undefined) return value;
      node = this.resolve(node.get('Parent'));
    }
    return undefined;
  }

  /**
   * A page's content entries that draw something (see drawnContent). Flate data that does not
   * inflate as written (a fuzzed or damaged stream readers decode as far as they can) is written
   * as that decoded content, unfiltered: qpdf rejects a merged file that carries it as it is.
   */
  private copyContents(value: PdfObject): PdfObject {
    const listed = this.resolve(value);
    const items = listed instanceof PdfArray ? listed.toArray() : [value];
    const out: PdfObject[] = [];
    const { registry } = this.target.context;
    for (const item of items) {
      const stream = this.resolve(item);
      if (!(stream instanceof PdfStream)) continue;
      if (inflatesAsWritten(stream)) {
        out.push(this.copy(item));
        continue;
      }
      const data = drawnContent(stream);
      if (data === undefined) continue;
      const ref = registry.allocateRef();
      registry.registerAt(ref, new PdfStream([], data));
      out.push(ref);
    }
    return new PdfArray(out);
  }

  /** A page's annotations, without the links that lead nowhere in the merged file. */
  private copyAnnots(value: PdfObject): PdfObject {
    const list = this.resolve(value);
    if (!(list instanceof PdfArray)) return PdfNull.instance;
    const out: PdfObject[] = [];
    for (const item of list) {
      const annot = this.resolve(item);
      if (!(annot instanceof PdfDict)) continue;
      if (isLink(annot) && this.linkTarget(annot) === 'nowhere') continue;
      out.push(this.copy(item));
    }
    return new PdfArray(out);
  }

  /**
   * Where a link goes: 'inside' (a merged page, possibly through a named destination), 'nowhere'
   * (a page or name this file does not have), or 'other' (a web address, another file, a script).
   */
  private linkTarget(annot: PdfDict): 'inside' | 'nowhere' | 'other' {
    const dest = annot.get('Dest');
    if (dest !== undefined) return this.destination(dest) ? 'inside' : 'nowhere';
    const action = this.resolve(annot.get('A'));
    if (!(action instanceof PdfDict) || !isName(this.resolve(action.get('S')), 'GoTo')) {
      return 'other';
    }
    return this.destination(action.get('D')) ? 'inside' : 'nowhere';
  }

  /**
   * A destination as an explicit array on a merged page, named destinations followed and a page
   * given by number turned into the page's reference; undefined when it leads to no merged page.
   * The array returned is the source's (copy() maps its page).
   */
  destination(dest: PdfObject | undefined): PdfArray | undefined {
    let value = this.resolve(dest);
    const name = nameKey(value);
    if (name !== undefined) {
      value = this.resolve(this.names.get(name));
      // A named destination is an array, or a dictionary whose /D is one.
      if (value instanceof PdfDict) value = this.resolve(value.get('D'));
    }
    if (!(value instanceof PdfArray) || value.length === 0) return undefined;
    const page = value.at(0);
    if (page instanceof PdfRef) return this.pages.has(key(page)) ? value : undefined;
    if (page instanceof PdfNumber) {
      const ref = this.sourcePages[page.value];
      if (ref === undefined) return undefined;
      const items = value.toArray();
      items[0] = ref;
      return new PdfArray(items);
    }
    return undefined;
  }

  /**
   * (Dictionaries read by keys() and get(), arrays by index: see merge-writer.ts.)
   *
   * `object` for the merged file: a deep copy whose references map to the objects' copies. A
   * dictionary, stream or array that holds no reference and no link is the same in both files
   * and is taken as it is (most content streams, boxes, simple fonts): nothing writes to it, and
   * copying every one was a good part of a merge's time and garbage.
   */
  copy(object: PdfObject): PdfObject {
    if (object instanceof PdfRef) return this.copyRef(object);
    if (selfContained(object)) return object;
    if (object instanceof PdfDict) return this.copyDict(object);
    if (object instanceof PdfArray) {
      const items: PdfObject[] = [];
      for (let i = 0; i < object.length; i++) items.push(this.copy(object.at(i) as PdfObject));
      return new PdfArray(items);
    }
    // Names, numbers, strings, booleans and null are never changed in place: shared.
    return object;
  }

  private copyRef(ref: PdfRef): PdfObject {
    const k = key(ref);
    const known = this.refs.get(k);
    if (known) return known;
    const object = this.source.getObject(ref);
    if (object === null || !copyable(object)) return PdfNull.instance;
    const { registry } = this.target.context;
    // Reserved before the copy, so that cycles (a popup and its parent) end here.
    const copy = registry.allocateRef();
    this.refs.set(k, copy);
    registry.registerAt(copy, this.copy(object));
    return copy;
  }

  private copyDict(dict: PdfDict): PdfDict {
    // The stream data is copied as read: still compressed, and already decrypted on loading.
    const stream = dict instanceof PdfStream;
    const copy = stream ? new PdfStream([], dict.data) : new PdfDict();
    for (const name of dict.keys()) {
      const value = dict.get(name) as PdfObject;
      // The writer states a stream's /Length from its data; an indirect one would be left over.
      if (stream && name.value === 'Length') continue;
      copy.set(name, this.copy(value));
    }
    if (isLink(dict)) this.explicitLink(dict, copy);
    return copy;
  }

  /**
   * A link to a named destination (or to a page by number) gets the explicit one: names live in
   * each input's catalog, which is not merged (and names from different files would collide).
   * Explicit destinations were copied with the link, their pages mapped.
   */
  private explicitLink(source: PdfDict, copy: PdfDict): void {
    const rewritten = (d: PdfObject | undefined) => {
      const explicit = this.destination(d);
      return explicit !== undefined && explicit !== this.resolve(d) ? explicit : undefined;
    };
    const dest = source.get('Dest');
    if (dest !== undefined) {
      const explicit = rewritten(dest);
      if (explicit) copy.set('Dest', this.copy(explicit));
      return;
    }
    const action = this.resolve(source.get('A'));
    if (!(action instanceof PdfDict) || !isName(this.resolve(action.get('S')), 'GoTo')) return;
    const explicit = rewritten(action.get('D'));
    if (!explicit) return;
    copy.delete('A');
    copy.set('Dest', this.copy(explicit));
  }
}

/**
 * A dictionary or array with no reference and no link anywhere inside (a stream's data aside;
 * the writer states a stream's /Length from its data, so a direct /Length is no reference).
 */
function selfContained(object: PdfObject, depth = 0): boolean {
  if (object instanceof PdfRef) return false;
  if (depth > MAX_TREE_DEPTH) return false;
  if (object instanceof PdfDict) {
    if (isLink(object)) return false;
    for (const key of object.keys()) {
      if (!selfContained(object.get(key) as PdfObject, depth + 1)) return false;
    }
  } else if (object instanceof PdfArray) {
    for (let i = 0; i < object.length; i++) {
      if (!selfContained(object.at(i) as PdfObject, depth + 1)) return false;
    }
  }
  return true;
}

/** The catalog, page-tree nodes and pages outside the page tree stay behind. */
function copyable(object: PdfObject): boolean {
  if (!(object instanceof PdfDict)) return true;
  const type = object.get('Type');
  if (!(type instanceof PdfName)) return true;
  return type.value !== 'Catalog' && type.value !== 'Pages' && type.value !== 'Page';
}

const isName = (object: PdfObject | undefined, value: string) =>
  object instanceof PdfName && object.value === value;

const isLink = (dict: PdfDict) => isName(dict.get('Subtype'), 'Link');

/** The key of a named destination (a name for /Dests, a string for the /Names tree). */
export function nameKey(object: PdfObject | undefined): string | undefined {
  if (object instanceof PdfName) return object.value;
  if (object instanceof PdfString) return latin1(object.bytes);
  return undefined;
}

const latin1 = (bytes: Uint8Array) => {
  let out = '';
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
};
