/**
 * The byte-level merge's output (merge-fast.ts): object numbers handed out as objects are first
 * referenced, each object's offset noted as it is written, then a classic cross-reference table
 * and a trailer with a new /ID, as merge-writer.ts writes them for the engine's merge.
 */
import { Out } from './byte-out';
import { unexpected } from './raw-copy';

/** The merged file being written: numbers handed out as objects are first referenced. */
export class FastWriter {
  readonly out: Out;
  /** Byte offset of each object by its number (index 0 unused). */
  readonly offsets: number[] = [0];

  constructor(size: number) {
    this.out = new Out(size);
    this.out.writeAscii('%PDF-1.7\n');
    this.out.writeBytes(Uint8Array.of(0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a));
  }

  allocate(): number {
    this.offsets.push(-1);
    return this.offsets.length - 1;
  }

  begin(number: number): void {
    this.offsets[number] = this.out.position;
    this.out.writeInteger(number);
    this.out.writeAscii(' 0 obj\n');
  }

  end(): void {
    this.out.writeAscii('\nendobj\n');
  }

  finish(root: number): Uint8Array {
    const { out, offsets } = this;
    if (offsets.some((o) => o < 0)) unexpected('unwritten object');
    const xref = out.position;
    out.writeAscii(`xref\n0 ${offsets.length}\n0000000000 65535 f\r\n`);
    // Every row `0000000000 00000 n\r\n` copied natively, then each offset's digits written in.
    const rows = offsets.length - 1;
    const table = new Uint8Array(rows * 20);
    if (rows > 0) {
      table.fill(0x30, 0, 17);
      table.set([0x20, 0x6e, 0x0d, 0x0a], 16);
      table[10] = 0x20;
      for (let filled = 20; filled < table.length; filled *= 2) {
        table.copyWithin(filled, 0, Math.min(filled, table.length - filled));
      }
    }
    for (let i = 0; i < rows; i++) {
      let offset = offsets[i + 1] as number;
      for (let at = i * 20 + 9; offset > 0; at--) {
        table[at] = 0x30 + (offset % 10);
        offset = Math.floor(offset / 10);
      }
    }
    out.writeBytes(table);
    const id = Array.from(randomId(), (b) => b.toString(16).padStart(2, '0')).join('');
    out.writeAscii(
      `trailer\n<<\n/Size ${offsets.length}\n/Root ${root} 0 R\n/ID [<${id}> <${id}>]\n>>\nstartxref\n${xref}\n%%EOF\n`,
    );
    return out.bytes();
  }
}

function randomId(): Uint8Array {
  const { crypto } = globalThis as unknown as {
    crypto: { getRandomValues(a: Uint8Array): Uint8Array };
  };
  return crypto.getRandomValues(new Uint8Array(16));
}
