/**
 * Scratch planes reused between calls of the same image size. Allocating and zeroing a dozen
 * megabytes per call cost more than some passes; extraction stays pure because nothing here
 * outlives a call's result (the output image is always a new array).
 */
export class Workspace {
  private readonly floats = new Map<string, Float32Array>();
  private readonly ints = new Map<string, Int32Array>();
  private readonly bytes = new Map<string, Uint8Array>();
  constructor(readonly n: number) {}

  /** A float plane (contents undefined: callers write before they read). */
  f32(name: string, length = this.n): Float32Array {
    let a = this.floats.get(name);
    if (a === undefined || a.length !== length) {
      a = new Float32Array(length);
      this.floats.set(name, a);
    }
    return a;
  }

  i32(name: string, length = this.n): Int32Array {
    let a = this.ints.get(name);
    if (a === undefined || a.length !== length) {
      a = new Int32Array(length);
      this.ints.set(name, a);
    }
    return a;
  }

  u8(name: string, length = this.n): Uint8Array {
    let a = this.bytes.get(name);
    if (a === undefined || a.length !== length) {
      a = new Uint8Array(length);
      this.bytes.set(name, a);
    }
    return a;
  }
}

let last: Workspace | undefined;

/** The workspace for images of n pixels: one is kept, for the size seen last. */
export function workspaceFor(n: number): Workspace {
  if (last === undefined || last.n !== n) last = new Workspace(n);
  return last;
}
