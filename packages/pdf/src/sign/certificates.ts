/**
 * The certificate helpers the browser's main thread needs, apart from the PDF engine (its own
 * entry point, `@yinzhang/pdf/certificates`, so the page loads pkijs without @libpdf/core):
 * 生成证书 (createSelfSigned) and reading a trust anchor the user adds.
 */
import * as pkijs from 'pkijs';

export { createSelfSigned, type SelfSigned, type SelfSignedKeyType } from './selfsigned';

export interface CertificateSummary {
  /** DER. */
  readonly der: Uint8Array;
  /** The subject's CN, or the whole subject when it has none. */
  readonly name: string;
  readonly selfIssued: boolean;
  readonly notAfter: Date;
}

/** The error `readCertificate` throws for a file that holds no X.509 certificate. */
export class NotACertificateError extends Error {
  readonly code = 'NOT_CERTIFICATE';
  constructor() {
    super('The file is not an X.509 certificate (PEM or DER)');
    this.name = 'NotACertificateError';
  }
}

const PEM = /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----([A-Za-z0-9+/=\s]+?)-----END/;

/** The DER of a certificate file: PEM (the first certificate in it) or DER as is. */
function derOf(bytes: Uint8Array): Uint8Array {
  let text = '';
  for (const b of bytes.subarray(0, 1 << 20)) text += String.fromCharCode(b);
  const match = PEM.exec(text);
  if (!match?.[1]) return bytes;
  // Node 20 and browsers have atob on globalThis (the package compiles without their types).
  const { atob } = globalThis as unknown as { atob(data: string): string };
  const binary = atob(match[1].replace(/\s+/g, ''));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function nameOf(name: pkijs.RelativeDistinguishedNames): string {
  const cn = name.typesAndValues.find((t) => t.type === '2.5.4.3');
  if (cn) return String(cn.value.valueBlock.value);
  return name.typesAndValues.map((t) => `${t.type}=${String(t.value.valueBlock.value)}`).join(', ');
}

/** Reads a PEM or DER certificate file; throws NotACertificateError for anything else. */
export function readCertificate(bytes: Uint8Array): CertificateSummary {
  const der = derOf(bytes);
  let cert: pkijs.Certificate;
  try {
    cert = pkijs.Certificate.fromBER(der.slice().buffer);
  } catch {
    throw new NotACertificateError();
  }
  return {
    der,
    name: nameOf(cert.subject),
    selfIssued: cert.subject.isEqual(cert.issuer),
    notAfter: cert.notAfter.value,
  };
}
