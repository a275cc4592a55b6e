/**
 * One input of the byte-level merge (merge-fast.ts): its page tree walked, each page written with
 * its inherited entries and its content checked, and every object a page reaches copied as
 * written with its references renumbered (raw-copy.ts), numbered by the merge's FastWriter.
 */
import { latin1Key, latin1Text } from './latin1';
import type { FastWriter } from './merge-fast-writer';
import {
  arrayItems,
  copySyntax,
  type DictScan,
  type Entries,
  eachEntry,
  entry,
  integerIn,
  keyIs,
  nameIs,
  referenceIn,
  unexpected,
} from './raw-copy';
import { nameOf, plainFlateOrNone, type RawFile, type RawObject } from './raw-file';

/**
 * The page entries handled here, found by comparing bytes (a page's keys are never made into
 * strings): first those tied to structures of the page's own file that are not merged (as in
 * merge-copier.ts: its place in the page tree, article beads, the tagged structure) and its
 * /Type (written anew), then /Annots and /Contents, then those a page may take from its
 * ancestors in the page tree (ISO 32000 §7.7.3.4).
 */
const PAGE_KEYS = [
  'Parent',
  'B',
  'StructParents',
  'Type',
  'Annots',
  'Contents',
  'Resources',
  'MediaBox',
  'CropBox',
  'Rotate',
] as const;
const PAGE_ONLY_KEYS = 4;
const ANNOTS = 4;
const CONTENTS = 5;
const FIRST_INHERITABLE = 6;

/** The index of the key [at, end) in PAGE_KEYS, or -1. */
function pageKey(b: Uint8Array, at: number, end: number): number {
  const length = end - at - 1;
  for (let k = 0; k < PAGE_KEYS.length; k++) {
    const key = PAGE_KEYS[k] as string;
    if (key.length === length && keyIs(b, at, end, key)) return k;
  }
  return -1;
}

const MAX_TREE_DEPTH = 512;
/** Flate data up to this long is remembered once checked (FastInput.inflates). */
const REMEMBERED = 256;
/** Streams written without a filter and at least this long are compressed, as merge-writer.ts does. */
const COMPRESS_FROM = 512;

interface Page {
  readonly number: number;
  readonly generation: number;
  readonly object: RawObject;
  /** Its ancestors in the page tree, nearest first. */
  readonly ancestors: readonly RawObject[];
}

/** One input copied into the merged file. */
export class FastInput {
  /** Source object number to its number in the merged file; -1 for null, 0 not yet met. */
  private readonly mapped: Int32Array;
  /** Objects met and numbered, not yet written, with their numbers. */
  private readonly queue: RawObject[] = [];
  private readonly queued: number[] = [];
  /** Content streams found to decode as written (1), by object number. */
  private readonly contentChecked: Uint8Array;
  readonly pages: Page[] = [];
  /** The object numbers of the page tree's nodes. */
  private readonly treeNumbers = new Map<RawObject, number>();
  private readonly inheritables = new Map<RawObject, ([number, number] | undefined)[]>();
  private pageSet: Set<number> | undefined;
  readonly pageNumbers: number[] = [];
  readonly catalog: RawObject;

  constructor(
    readonly file: RawFile,
    private readonly writer: FastWriter,
    /** Small Flate data checked already in this merge, by its bytes: whether it inflated. */
    private readonly checked: Map<string, boolean>,
  ) {
    this.mapped = new Int32Array(file.size);
    this.contentChecked = new Uint8Array(file.size);
    const root = referenceIn(
      file.trailer.b,
      ...(entry(file.trailer.dict as Entries, 'Root') ?? unexpected('root')),
    );
    const catalog = root && file.object(root[0], root[1]);
    if (!catalog || nameOf(catalog, 'Type') !== 'Catalog') unexpected('catalog');
    this.catalog = catalog as RawObject;
    const entries = this.catalog.dict as Entries;
    if (entry(entries, 'AcroForm')) unexpected('form');
    this.checkMetadata(entries);
    const pages = entry(entries, 'Pages') ?? unexpected('no pages');
    const ref = referenceIn(this.catalog.b, ...pages) ?? unexpected('pages');
    this.walk(ref[0], ref[1], [], new Set(), 0);
    if (this.pages.length === 0) unexpected('no pages');
    for (const page of this.pages) {
      const number = writer.allocate();
      this.mapped[page.number] = number;
      this.pageNumbers.push(number);
    }
  }

  /** XMP metadata naming PDF/A: the engine path tells the user the merged file is not PDF/A. */
  private checkMetadata(entries: Entries): void {
    const span = entry(entries, 'Metadata');
    if (!span) return;
    const ref = referenceIn(this.catalog.b, ...span) ?? unexpected('metadata');
    const metadata = this.file.object(ref[0], ref[1]);
    const data = metadata?.data ?? unexpected('metadata');
    const kind = plainFlateOrNone(metadata as RawObject) ?? unexpected('metadata filter');
    const text = latin1Text(kind === 'none' ? data : this.file.zlib.inflate(data));
    if (text.includes('pdfaid')) unexpected('PDF/A');
  }

  private walk(
    number: number,
    generation: number,
    ancestors: RawObject[],
    seen: Set<number>,
    depth: number,
  ): void {
    if (seen.has(number) || depth > MAX_TREE_DEPTH) unexpected('page tree loop');
    seen.add(number);
    const node = this.file.object(number, generation) ?? unexpected('page tree');
    const scan = node.scan ?? unexpected('page tree node');
    const type = scan.type;
    const isPage = type !== undefined && nameIs(node.b, type[0], type[1], 'Page');
    const isPages = type !== undefined && nameIs(node.b, type[0], type[1], 'Pages');
    // Each node's /Parent is the node above it (none for the root, which is a /Pages node): the
    // engine's reading decides about a tree whose /Parent entries say otherwise.
    const up = scan.parent;
    const parent = up && (referenceIn(node.b, up[0], up[1]) ?? unexpected('parent'));
    const above = ancestors[0];
    if (above ? parent?.[0] !== this.treeNumbers.get(above) : parent || !isPages) {
      unexpected('page tree parent');
    }
    if (isPage && !node.data) {
      this.pages.push({ number, generation, object: node, ancestors });
      return;
    }
    if (!isPages || node.data) unexpected('page tree node');
    const kids = entry(node.dict as Entries, 'Kids') ?? unexpected('kids');
    this.treeNumbers.set(node, number);
    const down = [node, ...ancestors];
    const before = this.pages.length;
    const items = arrayItems(node.b, kids[0], kids[1]);
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as [number, number];
      const kid = referenceIn(node.b, item[0], item[1]) ?? unexpected('kid');
      this.walk(kid[0], kid[1], down, seen, depth + 1);
    }
    // A /Count that disagrees with the tree is damage the engine's reading decides about.
    const count = entry(node.dict as Entries, 'Count');
    const stated = count && integerIn(node.b, ...count);
    if (stated !== this.pages.length - before) unexpected('count');
  }

  /** The number for the object `number` in the merged file (0: written as null). */
  readonly renumber = (number: number, generation: number): number =>
    this.numberFor(number, generation, undefined);

  /** renumber, the object given when it has been read already. */
  private numberFor(number: number, generation: number, read: RawObject | undefined): number {
    if (number >= this.mapped.length) return 0;
    const known = this.mapped[number] as number;
    if (known !== 0) return known < 0 ? 0 : known;
    const object = read ?? this.file.object(number, generation);
    // The catalog, page-tree nodes and pages outside the tree stay behind (merge-copier.ts).
    if (!object || staysBehind(object)) {
      this.mapped[number] = -1;
      return 0;
    }
    const copy = this.writer.allocate();
    this.mapped[number] = copy;
    this.queue.push(object);
    this.queued.push(copy);
    return copy;
  }

  /** Whether `number` is one of this input's pages. */
  isPage(number: number): boolean {
    this.pageSet ??= new Set(this.pages.map((p) => p.number));
    return this.pageSet.has(number);
  }

  copyPages(parent: number): void {
    this.pages.forEach((page, i) => {
      this.writePage(page, this.pageNumbers[i] as number, parent);
      this.drain();
    });
  }

  /** Writes the value [start, end) of `object`, references renumbered. */
  copy(b: Uint8Array, start: number, end: number): void {
    copySyntax(b, start, end, this.writer.out, this.renumber);
  }

  /**
   * Whether Flate data inflates. Small data is remembered by its bytes: writers repeat the same
   * `q`, `Q` and fill streams on every page (3000 of the 4000 content streams of a 10 x 100-page
   * merge), and a cold native inflate costs 10-30 µs whatever its size.
   */
  private inflates(data: Uint8Array): boolean {
    const key = data.length <= REMEMBERED ? latin1Key(data) : undefined;
    const known = key === undefined ? undefined : this.checked.get(key);
    if (known !== undefined) return known;
    let answer = true;
    try {
      this.file.zlib.inflate(data);
    } catch {
      answer = false;
    }
    if (key !== undefined) this.checked.set(key, answer);
    return answer;
  }

  drain(): void {
    for (let object = this.queue.pop(); object; object = this.queue.pop()) {
      this.writer.begin(this.queued.pop() as number);
      if (object.data) this.writeStream(object);
      else this.copy(object.b, object.start, object.end);
      this.writer.end();
    }
  }

  private writeStream(object: RawObject): void {
    const { out } = this.writer;
    const { b } = object;
    const keys = object.scan as DictScan;
    let data = object.data as Uint8Array;
    let filter = '';
    if (!keys.filter && data.length >= COMPRESS_FROM) {
      const compressed = this.file.zlib.deflate(data);
      if (compressed.length < data.length) {
        data = compressed;
        filter = '/Filter /FlateDecode\n';
      }
    }
    // The writer states /Length from the data (an indirect one would be left over): the
    // dictionary is copied around that entry.
    out.writeAscii('<<\n/Length ');
    out.writeInteger(data.length);
    out.writeAscii(`\n${filter}`);
    this.copy(b, object.start + 2, keys.lengthKey);
    this.copy(b, keys.lengthEnd, object.end - 2);
    out.writeAscii('\n>>\nstream\n');
    out.writeBytes(data);
    out.writeAscii('\nendstream');
  }

  private writePage(page: Page, number: number, parent: number): void {
    const { out } = this.writer;
    const { b } = page.object;
    this.writer.begin(number);
    out.writeAscii('<<\n');
    // Keys by their place in PAGE_KEYS, one bit each: a key given twice is read differently by
    // different readers.
    let present = 0;
    eachEntry(b, page.object.start, (keyStart, keyEnd, start, end) => {
      const k = pageKey(b, keyStart, keyEnd);
      if (k >= 0) {
        if (present & (1 << k)) unexpected('repeated key');
        present |= 1 << k;
      }
      if (k >= 0 && k < PAGE_ONLY_KEYS) return;
      if (k === ANNOTS) unexpected('annotations');
      if (k === CONTENTS) this.writeContents(b, start, end);
      else this.copy(b, keyStart, end);
      out.writeAscii('\n');
    });
    for (let k = FIRST_INHERITABLE; k < PAGE_KEYS.length; k++) {
      if (present & (1 << k)) continue;
      for (let a = 0; a < page.ancestors.length; a++) {
        const node = page.ancestors[a] as RawObject;
        const span = this.inheritable(node)[k - FIRST_INHERITABLE];
        if (!span) continue;
        this.copy(node.b, span[0], span[1]);
        out.writeAscii('\n');
        break;
      }
    }
    out.writeAscii('/Type /Page\n/Parent ');
    out.writeReference(parent);
    out.writeAscii('\n>>');
    this.writer.end();
  }

  /** A page-tree node's inheritable entries (key to value), in PAGE_KEYS order; read once. */
  private inheritable(node: RawObject): ([number, number] | undefined)[] {
    let spans = this.inheritables.get(node);
    if (!spans) {
      const dict = node.dict as Entries;
      spans = PAGE_KEYS.slice(FIRST_INHERITABLE).map((key) => {
        const i = dict.keys.indexOf(key);
        return i < 0 ? undefined : [dict.keyStarts[i] as number, dict.ends[i] as number];
      });
      this.inheritables.set(node, spans);
    }
    return spans;
  }

  /**
   * /Contents as an array of its streams, as merge-copier.ts writes it. A plain Flate stream
   * that does not inflate as written, or an entry that is no stream, is the engine path's to
   * decide (it rewrites or drops them).
   */
  private writeContents(b: Uint8Array, start: number, end: number): void {
    const { out } = this.writer;
    const single = referenceIn(b, start, end);
    const listed = single && (this.file.object(single[0], single[1]) ?? unexpected('contents'));
    let refs: [number, number][];
    if (single && listed?.data) refs = [single];
    else {
      const array = listed ?? { b, start, end };
      refs = arrayItems(array.b, array.start, array.end).map(
        ([s, e]) => referenceIn(array.b, s, e) ?? unexpected('contents item'),
      );
    }
    out.writeAscii('/Contents [');
    for (let k = 0; k < refs.length; k++) {
      const ref = refs[k] as [number, number];
      const n = ref[0];
      const g = ref[1];
      // A stream shared by pages is checked once.
      const checked = n < this.contentChecked.length && this.contentChecked[n] === 1;
      const stream = checked ? undefined : this.file.object(n, g);
      if (!checked) {
        if (!stream?.data) unexpected('contents stream');
        const flate = plainFlateOrNone(stream as RawObject) === 'flate';
        if (flate && !this.inflates(stream?.data as Uint8Array))
          unexpected('content does not inflate');
        this.contentChecked[n] = 1;
      }
      if (k > 0) out.writeAscii(' ');
      out.writeReference(this.numberFor(n, g, stream));
    }
    out.writeAscii(']');
  }
}

/** The catalog, page-tree nodes and pages: never copied as objects of their own. */
function staysBehind(object: RawObject): boolean {
  const type = object.isDict ? object.value('Type') : undefined;
  if (!type) return false;
  const [s, e] = type;
  return (
    nameIs(object.b, s, e, 'Page') ||
    nameIs(object.b, s, e, 'Pages') ||
    nameIs(object.b, s, e, 'Catalog')
  );
}
