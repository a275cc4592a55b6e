/** Trust anchors as users give them: DER, or PEM holding one or more certificates. */
import type * as pkijs from 'pkijs';
import { parseCertificate } from '../sign/certs';

function base64(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const clean = text.replace(/[^A-Za-z0-9+/]/g, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const ch of clean) {
    value = (value << 6) | alphabet.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, at);
}

/** Every certificate in `bytes` (DER, or PEM blocks); throws SignError BAD_CERTIFICATE when none. */
export function readCertificates(bytes: Uint8Array): pkijs.Certificate[] {
  let text = '';
  for (const b of bytes.subarray(0, 64)) text += String.fromCharCode(b);
  if (!text.includes('-----BEGIN')) return [parseCertificate(bytes)];
  text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  const blocks = [
    ...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g),
  ];
  if (blocks.length === 0) return [parseCertificate(new Uint8Array(0))];
  return blocks.map((m) => parseCertificate(base64(m[1] ?? '')));
}
