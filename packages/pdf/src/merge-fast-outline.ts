/**
 * Bookmarks in the byte-level merge (merge-fast.ts), as outline.ts and merge-engine.ts make them
 * on the engine: one closed bookmark per file opening on its first page, over that file's own
 * bookmarks; each destination an explicit one on a merged page (a page given by number turned
 * into its reference), a bookmark leading to no merged page kept without one. Named destinations
 * and structure-element links (/SE) are left to the engine path (Unexpected).
 */
import type { FastInput } from './merge-fast-input';
import type { FastWriter } from './merge-fast-writer';
import {
  arrayItems,
  dictEntries,
  type Entries,
  entry,
  integerIn,
  nameIn,
  referenceIn,
  unexpected,
} from './raw-copy';
import type { RawObject } from './raw-file';

const MAX_DEPTH = 64;

/** A bookmark's own entries (the links to other items are rebuilt). */
const ITEM_ENTRIES = ['Title', 'C', 'F'] as const;

interface Copied {
  readonly first: number;
  readonly last: number;
  readonly visible: number;
}

interface FileItem {
  readonly number: number;
  readonly title: string;
  readonly firstPage: number;
  readonly children: Copied | undefined;
}

/** A value: the bytes it is in and its span. */
interface Value {
  readonly b: Uint8Array;
  readonly start: number;
  readonly end: number;
}

/** A destination to write: the array, and the page to put first when it named one by number. */
interface Destination extends Value {
  readonly page?: number | undefined;
  /** Where the items after the page number begin. */
  readonly rest?: number | undefined;
}

export class FastOutline {
  private readonly files: FileItem[] = [];

  constructor(private readonly writer: FastWriter) {}

  addFile(input: FastInput, title: string): void {
    const number = this.writer.allocate();
    const outlines = resolved(input, valueAt(input.catalog, 'Outlines'));
    const dict = outlines && dictOf(outlines);
    const first = outlines && dict && valueIn(outlines.b, dict, 'First');
    const children = first ? this.items(input, first, number, new Set(), 0) : undefined;
    this.files.push({ number, title, firstPage: input.pageNumbers[0] as number, children });
  }

  /** Writes the file bookmarks and the outline root; returns the root's number. */
  finish(): number {
    const { writer, files } = this;
    const { out } = writer;
    const root = writer.allocate();
    files.forEach((file, i) => {
      writer.begin(file.number);
      out.writeAscii(`<<\n/Title ${titleSyntax(file.title)}\n/Parent ${root} 0 R\n`);
      out.writeAscii(`/Dest [${file.firstPage} 0 R /Fit]\n`);
      if (i > 0) out.writeAscii(`/Prev ${files[i - 1]?.number} 0 R\n`);
      if (i < files.length - 1) out.writeAscii(`/Next ${files[i + 1]?.number} 0 R\n`);
      const kids = file.children;
      if (kids)
        out.writeAscii(
          `/First ${kids.first} 0 R\n/Last ${kids.last} 0 R\n/Count ${-kids.visible}\n`,
        );
      out.writeAscii('>>');
      writer.end();
    });
    writer.begin(root);
    out.writeAscii(
      `<<\n/Type /Outlines\n/First ${files[0]?.number} 0 R\n/Last ${files[files.length - 1]?.number} 0 R\n/Count ${files.length}\n>>`,
    );
    writer.end();
    return root;
  }

  /** A chain of sibling bookmarks from `first` and their children, under `parent`. */
  private items(
    input: FastInput,
    first: Value,
    parent: number,
    seen: Set<number>,
    depth: number,
  ): Copied | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const items: RawObject[] = [];
    for (let value: Value | undefined = first; value; ) {
      const ref = referenceIn(value.b, value.start, value.end);
      if (!ref || seen.has(ref[0])) break;
      seen.add(ref[0]);
      const item = input.file.object(ref[0], ref[1]);
      if (!item?.dict || item.data) break;
      items.push(item);
      value = valueIn(item.b, item.dict, 'Next');
    }
    if (items.length === 0) return undefined;
    const numbers = items.map(() => this.writer.allocate());
    let visible = 0;
    const { writer } = this;
    const { out } = writer;
    items.forEach((item, i) => {
      const dict = item.dict as Entries;
      const me = numbers[i] as number;
      const kidsAt = valueIn(item.b, dict, 'First');
      const kids = kidsAt && this.items(input, kidsAt, me, seen, depth + 1);
      writer.begin(me);
      out.writeAscii('<<\n');
      if (entry(dict, 'SE')) unexpected('structure element');
      for (const key of ITEM_ENTRIES) {
        const k = dict.keys.indexOf(key);
        if (k < 0) continue;
        input.copy(item.b, dict.keyStarts[k] as number, dict.ends[k] as number);
        out.writeAscii('\n');
      }
      const dest = destinationOf(input, item);
      if (dest) {
        out.writeAscii('/Dest ');
        if (dest.page === undefined) input.copy(dest.b, dest.start, dest.end);
        else {
          out.writeAscii(`[${dest.page} 0 R `);
          input.copy(dest.b, dest.rest as number, dest.end);
        }
        out.writeAscii('\n');
      } else if (dest === undefined && entry(dict, 'A')) {
        const k = dict.keys.indexOf('A');
        input.copy(item.b, dict.keyStarts[k] as number, dict.ends[k] as number);
        out.writeAscii('\n');
      }
      out.writeAscii(`/Parent ${parent} 0 R\n`);
      if (i > 0) out.writeAscii(`/Prev ${numbers[i - 1]} 0 R\n`);
      if (i < numbers.length - 1) out.writeAscii(`/Next ${numbers[i + 1]} 0 R\n`);
      visible += 1;
      if (kids) {
        const count = resolved(input, valueIn(item.b, dict, 'Count'));
        const n = count && integerIn(count.b, count.start, count.end);
        const open = n !== undefined && n > 0;
        out.writeAscii(`/First ${kids.first} 0 R\n/Last ${kids.last} 0 R\n`);
        out.writeAscii(`/Count ${open ? kids.visible : -kids.visible}\n`);
        if (open) visible += kids.visible;
      }
      out.writeAscii('>>');
      writer.end();
      input.drain();
    });
    return { first: numbers[0] as number, last: numbers[numbers.length - 1] as number, visible };
  }
}

/**
 * The explicit destination of a bookmark, from /Dest or a GoTo action; null when it has one that
 * leads to no merged page; undefined when it has none (or another kind of action, kept as is).
 */
function destinationOf(input: FastInput, item: RawObject): Destination | null | undefined {
  const dict = item.dict as Entries;
  const dest = valueIn(item.b, dict, 'Dest');
  if (dest) return destination(input, dest) ?? null;
  const action = resolved(input, valueIn(item.b, dict, 'A'));
  const actionDict = action && dictOf(action);
  if (!action || !actionDict) return undefined;
  const kind = valueIn(action.b, actionDict, 'S');
  if (!kind) return undefined;
  const name = nameIn(kind.b, kind.start, kind.end);
  if (name === undefined) return unexpected('action type');
  if (name !== 'GoTo') return undefined;
  const target = valueIn(action.b, actionDict, 'D');
  return (target && destination(input, target)) ?? null;
}

/** As InputCopier.destination: an explicit destination on a merged page, or undefined. */
function destination(input: FastInput, value: Value): Destination | undefined {
  const v = resolved(input, value);
  if (!v) return undefined;
  const c = v.b[v.start];
  // A name or string: a named destination.
  if (c === 0x2f || c === 0x28 || (c === 0x3c && v.b[v.start + 1] !== 0x3c)) {
    return unexpected('named destination');
  }
  if (c !== 0x5b) return undefined;
  const items = arrayItems(v.b, v.start, v.end);
  const first = items[0];
  if (!first) return undefined;
  const ref = referenceIn(v.b, first[0], first[1]);
  if (ref) return input.isPage(ref[0]) ? v : undefined;
  const index = integerIn(v.b, first[0], first[1]);
  if (index === undefined) {
    // A page number that is not a plain integer (1.0): read differently by different readers.
    const lead = v.b[first[0]] as number;
    return (lead >= 0x30 && lead <= 0x39) || lead === 0x2b || lead === 0x2d || lead === 0x2e
      ? unexpected('page number')
      : undefined;
  }
  if (index < 0) return undefined;
  const page = input.pageNumbers[index];
  return page === undefined ? undefined : { ...v, page, rest: first[1] };
}

/** The value of `key` in a dictionary, as written. */
function valueIn(b: Uint8Array, dict: Entries, key: string): Value | undefined {
  const span = entry(dict, key);
  return span && { b, start: span[0], end: span[1] };
}

function valueAt(object: RawObject, key: string): Value | undefined {
  return object.dict && valueIn(object.b, object.dict, key);
}
/** A value, a reference followed to its object's value (undefined for a missing object). */
function resolved(input: FastInput, value: Value | undefined): Value | undefined {
  if (!value) return undefined;
  const ref = referenceIn(value.b, value.start, value.end);
  if (!ref) return value;
  const object = input.file.object(ref[0], ref[1]);
  if (object?.data) return unexpected('stream where a value was expected');
  return object;
}

/** The entries of a dictionary value (an object's, or one written in place). */
function dictOf(value: Value): Entries | undefined {
  return (value as Partial<RawObject>).dict ?? dictEntries(value.b, value.start);
}

/** A file name as a PDF text string: literal when printable ASCII, else UTF-16BE. */
export function titleSyntax(title: string): string {
  if (/^[\x20-\x7e]*$/.test(title)) return `(${title.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  let hex = 'FEFF';
  for (let i = 0; i < title.length; i++) hex += title.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex}>`;
}
