/**
 * Hands back the array seen before for bytes seen before. The engine keeps an image's decoded and
 * deflated form per array (packages/pdf images.ts); each export job's images arrive as new arrays,
 * so the export worker passes them through this, and a second 编辑完成 does not encode its seal
 * again. Keeps the last `max` distinct arrays.
 */
export function bytesInterner(max: number): (bytes: Uint8Array) => Uint8Array {
  const seen: Uint8Array[] = [];
  return (bytes) => {
    const found = seen.find((s) => sameBytes(s, bytes));
    if (found) return found;
    if (seen.length >= max) seen.shift();
    seen.push(bytes);
    return bytes;
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
