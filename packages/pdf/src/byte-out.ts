/**
 * The bytes of a file being written, in a buffer that doubles as it fills: the merge writers' output
 * (merge-writer.ts hands it to @libpdf/core's simple objects, whose toBytes write into it).
 */
export class Out {
  private buffer: Uint8Array;
  position = 0;

  constructor(size: number) {
    this.buffer = new Uint8Array(Math.max(size, 4096));
  }

  private room(needed: number): void {
    const size = this.position + needed;
    if (size <= this.buffer.length) return;
    let next = this.buffer.length * 2;
    while (next < size) next *= 2;
    const grown = new Uint8Array(next);
    grown.set(this.buffer.subarray(0, this.position));
    this.buffer = grown;
  }

  writeByte(b: number): void {
    this.room(1);
    this.buffer[this.position++] = b;
  }

  writeBytes(data: Uint8Array): void {
    this.room(data.length);
    this.buffer.set(data, this.position);
    this.position += data.length;
  }

  /** `b[from..to)`: short runs byte by byte (a subarray for each was much of a merge's garbage). */
  writeRange(b: Uint8Array, from: number, to: number): void {
    const length = to - from;
    if (length <= 0) return;
    this.room(length);
    if (length > 64) this.buffer.set(b.subarray(from, to), this.position);
    else {
      const { buffer } = this;
      let at = this.position;
      for (let i = from; i < to; i++) buffer[at++] = b[i] as number;
    }
    this.position += length;
  }

  /** A non-negative integer's digits, without making its string. */
  writeInteger(n: number): void {
    if (n >= 10) this.writeInteger(Math.floor(n / 10));
    this.writeByte(0x30 + (n % 10));
  }

  /** `n 0 R`. */
  writeReference(n: number): void {
    this.writeInteger(n);
    this.writeAscii(' 0 R');
  }

  /** Text known to be ASCII: keywords, numbers, the writer's own punctuation. */
  writeAscii(text: string): void {
    this.room(text.length);
    const { buffer } = this;
    let at = this.position;
    for (let i = 0; i < text.length; i++) buffer[at++] = text.charCodeAt(i);
    this.position = at;
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.position);
  }
}
