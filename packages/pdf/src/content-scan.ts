/**
 * How a page's own content leaves the graphics state, so that the stamp appended after it starts
 * clean. Real files restore more often than they save (poppler then restores our own save early,
 * and the page's clip or transform swallows the stamp), save more often than they restore, or end
 * inside a text object ("BT" with no "ET", where drawing an image is not allowed). Readers forgive
 * all three; we must too.
 */

export interface ContentBalance {
  /** The most `Q` ever outstanding beyond the `q`s before it: that many extra `q`s go first. */
  readonly deficit: number;
  /** `q`s still open at the end (counted from the extra ones): that many `Q`s close them. */
  readonly open: number;
  /** The content ends inside BT … (no ET). */
  readonly inText: boolean;
}

const isWhite = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) =>
  c === 0x28 || // (
  c === 0x29 || // )
  c === 0x3c || // <
  c === 0x3e || // >
  c === 0x5b || // [
  c === 0x5d || // ]
  c === 0x7b || // {
  c === 0x7d || // }
  c === 0x2f || // /
  c === 0x25; // %

/**
 * Scans the concatenated content of a page for q/Q and BT/ET operators, skipping strings,
 * comments and inline image data, where those letters mean nothing.
 */
export function scanBalance(bytes: Uint8Array): ContentBalance {
  let depth = 0;
  let deficit = 0;
  let inText = false;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const c = bytes[i] as number;
    if (isWhite(c)) {
      i++;
    } else if (c === 0x25) {
      // % comment to the end of the line
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      i = skipString(bytes, i);
    } else if (c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) {
      // hex strings are hex digits only, dictionaries and arrays hold tokens scanned as usual
      i++;
    } else if (c === 0x2f) {
      i++;
      while (i < n && !isWhite(bytes[i] as number) && !isDelimiter(bytes[i] as number)) i++;
    } else {
      const start = i;
      while (i < n && !isWhite(bytes[i] as number) && !isDelimiter(bytes[i] as number)) i++;
      const len = i - start;
      // A stray ")" is a delimiter that starts no token: step over it.
      if (len === 0) i++;
      else if (len === 1 && c === 0x71)
        depth++; // q
      else if (len === 1 && c === 0x51) {
        // Q
        if (depth > 0) depth--;
        else deficit++;
      } else if (len === 2 && c === 0x42 && bytes[start + 1] === 0x54)
        inText = true; // BT
      else if (len === 2 && c === 0x45 && bytes[start + 1] === 0x54)
        inText = false; // ET
      else if (len === 2 && c === 0x49 && bytes[start + 1] === 0x44) i = skipInlineImage(bytes, i);
    }
  }
  return { deficit, open: depth, inText };
}

/** A literal string, with balanced parentheses and backslash escapes; returns the index after it. */
function skipString(bytes: Uint8Array, start: number): number {
  let nest = 0;
  for (let i = start; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) nest++;
    else if (c === 0x29 && --nest === 0) return i + 1;
  }
  return bytes.length;
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

/** What closes the page's content before the stamp: the text object, then every save. */
export function closingSource(balance: ContentBalance): string {
  return `${balance.inText ? 'ET\n' : ''}${'Q\n'.repeat(balance.open + 1)}`;
}
