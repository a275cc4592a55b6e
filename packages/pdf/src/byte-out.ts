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
