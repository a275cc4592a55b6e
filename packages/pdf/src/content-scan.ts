/**
 * How a page's own content leaves the reader, so that the stamp appended after it is drawn, and
 * drawn clean. Readers read a page's content streams as one token sequence, so whatever the page
 * leaves open swallows what follows, and real files leave a lot open:
 * - more restores than saves (poppler then restores our own save early, and the page's clip or
 *   transform swallows the stamp), or more saves than restores;
 * - a text object ("BT" with no "ET", where drawing an image is not allowed);
 * - a string, array or dictionary never closed (the stamp becomes part of it);
 * - an operator with too few operands ("/F1 1e2 Tf" is "/F1 1", the unknown operator "e2", then
 *   "Tf" with none): poppler stops drawing the page there (Gfx::execOp sets commandAborted), so
 *   nothing appended to the page's content can be seen — only content outside it, a form XObject.
 * The scan follows poppler's lexer (the strictest of the readers we judge with) closely enough to
 * tell all of these; pdf.js and PDFium forgive more and need nothing extra.
 */

export interface ContentBalance {
  /** The most `Q` ever outstanding beyond the `q`s before it: that many extra `q`s go first. */
  readonly deficit: number;
  /** `q`s still open at the end (counted from the extra ones): that many `Q`s close them. */
  readonly open: number;
  /** The content ends inside BT … (no ET). */
  readonly inText: boolean;
  /** What closes the strings, arrays and dictionaries left open at the end, innermost first. */
  readonly unclosed: string;
  /** An operator with too few operands, where poppler stops drawing the content. */
  readonly aborts: boolean;
}

/**
 * Operators that take a fixed number of operands and the number (poppler's opTab, PDF 32000-1
 * Annex A). Fewer operands stop poppler's drawing; more are ignored. Operators with no operands,
 * or a variable number (sc, scn, SC, SCN), can never have too few and are left out.
 */
const OPERANDS: ReadonlyMap<number, number> = new Map(
  Object.entries({
    BMC: 1,
    CS: 1,
    cs: 1,
    Do: 1,
    G: 1,
    g: 1,
    gs: 1,
    i: 1,
    j: 1,
    J: 1,
    M: 1,
    MP: 1,
    ri: 1,
    sh: 1,
    Tc: 1,
    TJ: 1,
    Tj: 1,
    TL: 1,
    Tr: 1,
    Ts: 1,
    Tw: 1,
    Tz: 1,
    w: 1,
    "'": 1,
    BDC: 2,
    d: 2,
    d0: 2,
    DP: 2,
    l: 2,
    m: 2,
    TD: 2,
    Td: 2,
    Tf: 2,
    RG: 3,
    rg: 3,
    '"': 3,
    K: 4,
    k: 4,
    re: 4,
    v: 4,
    y: 4,
    c: 6,
    cm: 6,
    d1: 6,
    Tm: 6,
  }).map(([name, count]) => [code(name), count]),
);

/**
 * OPERANDS for one- and two-letter words as a table indexed by the word's number (a map lookup
 * per operator was a large share of the scan); the few three-letter ones from the map.
 */
const SHORT_OPERANDS = new Uint8Array(1 << 16);
const operandsFor = (word: number): number =>
  word >= 0 && word < 1 << 16 ? (SHORT_OPERANDS[word] as number) : (OPERANDS.get(word) ?? 0);

/** A word of up to three letters as one number (operators are no longer): no string per token. */
function code(word: string): number {
  let key = 0;
  for (let i = word.length - 1; i >= 0; i--) key = key * 256 + word.charCodeAt(i);
  return key;
}
for (const [word, count] of OPERANDS) if (word < 1 << 16) SHORT_OPERANDS[word] = count;
const Q_SAVE = code('q');
const Q_RESTORE = code('Q');
const BT = code('BT');
const ET = code('ET');
const ID = code('ID');
/** true, false, null: operands, not operators. */
const KEYWORDS: ReadonlySet<string> = new Set(['true', 'false', 'null']);

/**
 * Byte kinds, looked up once per byte (the scan reads every byte of every page it stamps, 2-3 MB
 * on the largest corpus pages): one table lookup and one switch per token, not a chain of tests.
 */
const REGULAR = 0;
const WHITE = 1;
const NUMERIC = 2;
const COMMENT = 3;
const STRING = 4;
const ANGLE_OPEN = 5;
const ANGLE_CLOSE = 6;
const ARRAY_OPEN = 7;
const ARRAY_CLOSE = 8;
const PAREN_CLOSE = 9;
const BRACE = 10;
const NAME = 11;
const KIND = new Uint8Array(256);
for (const c of [0x20, 0x0a, 0x0d, 0x09, 0x0c, 0x00]) KIND[c] = WHITE;
/** Where poppler's lexer reads a number: digits, a sign, a point. "1e2" is "1", then "e2". */
for (const c of '0123456789+-.') KIND[c.charCodeAt(0)] = NUMERIC;
KIND[0x25] = COMMENT;
KIND[0x28] = STRING;
KIND[0x3c] = ANGLE_OPEN;
KIND[0x3e] = ANGLE_CLOSE;
KIND[0x5b] = ARRAY_OPEN;
KIND[0x5d] = ARRAY_CLOSE;
KIND[0x29] = PAREN_CLOSE;
KIND[0x7b] = BRACE;
KIND[0x7d] = BRACE;
KIND[0x2f] = NAME;
/** Bytes that continue a name or an operator: neither white space nor a delimiter. */
const CONTINUES = new Uint8Array(256);
for (let c = 0; c < 256; c++) CONTINUES[c] = KIND[c] === REGULAR || KIND[c] === NUMERIC ? 1 : 0;

const isWhite = (c: number) => KIND[c] === WHITE;
/** Open arrays and dictionaries, as kept on the nesting stack. */
const IN_ARRAY = 0;
const IN_DICT = 1;

/**
 * Scans the concatenated content of a page: q/Q and BT/ET at the top level (inside an array or a
 * dictionary they are data), operands per operator, and what is left open at the end. Strings,
 * comments and inline image data are skipped, where those letters mean nothing.
 */
export function scanBalance(bytes: Uint8Array): ContentBalance {
  let depth = 0;
  let deficit = 0;
  let inText = false;
  let operands = 0;
  /** Poppler stops here; pdf.js reads on, so the scan does too. */
  let aborts = false;
  /** Open arrays and dictionaries, innermost last. */
  const nest: number[] = [];
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const c = bytes[i] as number;
    switch (KIND[c]) {
      case WHITE:
        i++;
        break;
      case NUMERIC:
        i++;
        while (i < n && KIND[bytes[i] as number] === NUMERIC) i++;
        if (nest.length === 0) operands++;
        break;
      case COMMENT:
        // % comment to the end of the line (a comment at the very end: the stamp starts a new line)
        while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
        break;
      case STRING: {
        const end = skipString(bytes, i);
        if (end.open > 0)
          return balance(deficit, depth, inText, nest, aborts, ')'.repeat(end.open));
        i = end.at;
        if (nest.length === 0) operands++;
        break;
      }
      case ANGLE_OPEN:
        if (bytes[i + 1] === 0x3c) {
          i += 2;
          nest.push(IN_DICT);
        } else {
          const close = bytes.indexOf(0x3e, i + 1);
          if (close < 0) return balance(deficit, depth, inText, nest, aborts, '>');
          i = close + 1;
          if (nest.length === 0) operands++;
        }
        break;
      case ANGLE_CLOSE:
        if (bytes[i + 1] === 0x3e) {
          i += 2;
          if (nest.length > 0 && nest[nest.length - 1] === IN_DICT) {
            nest.pop();
            if (nest.length === 0) operands++;
          }
        } else {
          // A stray ">": poppler's lexer calls it an illegal character, an operand of sorts.
          i++;
          if (nest.length === 0) operands++;
        }
        break;
      case ARRAY_OPEN:
        i++;
        nest.push(IN_ARRAY);
        break;
      case ARRAY_CLOSE:
        i++;
        if (nest.length > 0 && nest[nest.length - 1] === IN_ARRAY) {
          nest.pop();
          if (nest.length === 0) operands++;
        } else if (nest.length === 0) {
          operands = 0; // an unknown operator "]"
        }
        break;
      case PAREN_CLOSE:
        // A stray ")", as a stray ">".
        i++;
        if (nest.length === 0) operands++;
        break;
      case BRACE:
        // "{" and "}" only mean something in PostScript functions: an unknown operator here.
        i++;
        if (nest.length === 0) operands = 0;
        break;
      case NAME:
        i++;
        while (i < n && CONTINUES[bytes[i] as number] === 1) i++;
        if (nest.length === 0) operands++;
        break;
      default: {
        const start = i;
        while (i < n && CONTINUES[bytes[i] as number] === 1) i++;
        if (nest.length > 0) break;
        // Every operator is at most three letters; a longer word is an unknown one.
        const length = i - start;
        if (
          (length === 4 || length === 5) &&
          KEYWORDS.has(String.fromCharCode(...bytes.subarray(start, i)))
        ) {
          operands++;
          break;
        }
        let word = -1;
        if (length <= 3) {
          word = 0;
          for (let k = i - 1; k >= start; k--) word = word * 256 + (bytes[k] as number);
        }
        if (operands < operandsFor(word)) aborts = true;
        operands = 0;
        if (word === Q_SAVE) depth++;
        else if (word === Q_RESTORE) {
          if (depth > 0) depth--;
          else deficit++;
        } else if (word === BT) inText = true;
        else if (word === ET) inText = false;
        else if (word === ID) i = skipInlineImage(bytes, i);
      }
    }
  }
  return balance(deficit, depth, inText, nest, aborts, '');
}

/**
 * The result, from the scan's state (a function of its own: a closure over the scan's variables
 * would keep them in a heap context, read and written on every token).
 */
function balance(
  deficit: number,
  open: number,
  inText: boolean,
  nest: readonly number[],
  aborts: boolean,
  unclosed: string,
): ContentBalance {
  const closers = nest.map((o) => (o === IN_ARRAY ? ']' : '>>')).reverse();
  return { deficit, open, inText, unclosed: `${unclosed}${closers.join('')}`, aborts };
}

/**
 * A literal string, with balanced parentheses and backslash escapes: the index after it, or how
 * many parentheses are still open when the content ends inside it.
 */
function skipString(bytes: Uint8Array, start: number): { at: number; open: number } {
  let nest = 0;
  for (let i = start; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) nest++;
    else if (c === 0x29 && --nest === 0) return { at: i + 1, open: 0 };
  }
  return { at: bytes.length, open: nest };
}

/** Inline image data after ID ends at whitespace, "EI", whitespace (or the end). */
function skipInlineImage(bytes: Uint8Array, afterId: number): number {
  for (let i = afterId + 1; i + 1 < bytes.length; i++) {
    if (
      bytes[i] === 0x45 &&
      bytes[i + 1] === 0x49 &&
      isWhite(bytes[i - 1] as number) &&
      (i + 2 >= bytes.length || isWhite(bytes[i + 2] as number))
    ) {
      return i + 2;
    }
  }
  return bytes.length;
}

/** The stream that opens the page's content: enough `q`s that its `Q`s never reach ours. */
export function openingSource(balance: ContentBalance): string {
  return 'q\n'.repeat(balance.deficit + 1);
}

/**
 * What closes the page's content before the stamp: a new line (a comment, or a last operator
 * with no white space after it, would swallow our first one), whatever string, array or
 * dictionary is open, the text object, then every save.
 */
export function closingSource(balance: ContentBalance): string {
  const unclosed = balance.unclosed ? `${balance.unclosed}\n` : '';
  return `\n${unclosed}${balance.inText ? 'ET\n' : ''}${'Q\n'.repeat(balance.open + 1)}`;
}
