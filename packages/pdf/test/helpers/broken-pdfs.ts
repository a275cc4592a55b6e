/**
 * Broken and hostile PDFs made in code, for the engine's and the command line's bad-input tables.
 * Most start from buildPdf's plain two-page file and change one thing, rewriting the
 * cross-reference table so that only the named fault is wrong.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPdf } from './raw-pdf';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);
const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

export const A4 = [0, 0, 595, 842] as const;
export const twoPages = (): Uint8Array => buildPdf([{ mediaBox: A4 }, { mediaBox: A4 }]);

/** Everything up to the first cross-reference table, objects only. */
function bodyOf(text: string): string {
  const at = text.indexOf('\nxref\n');
  return at < 0 ? text : text.slice(0, at + 1);
}

/** A correct cross-reference table and trailer for whatever objects the body holds. */
export function withXref(body: string, trailerExtra = ''): Uint8Array {
  const offsets = new Map<number, number>();
  for (const m of body.matchAll(/(?:^|\n)(\d+) 0 obj\b/g)) {
    offsets.set(Number(m[1]), (m.index ?? 0) + (m[0].startsWith('\n') ? 1 : 0));
  }
  const size = Math.max(0, ...offsets.keys()) + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let i = 1; i < size; i++) {
    const at = offsets.get(i);
    xref +=
      at === undefined ? '0000000000 65535 f \n' : `${String(at).padStart(10, '0')} 00000 n \n`;
  }
  const trailer = `trailer\n<< /Size ${size} /Root 1 0 R ${trailerExtra}>>\n`;
  return bytesOf(`${body}${xref}${trailer}startxref\n${body.length}\n%%EOF\n`);
}

/** The plain two-page file with its objects edited, and a correct table for the result. */
export function edited(change: (body: string) => string): Uint8Array {
  return withXref(change(bodyOf(latin1(twoPages()))));
}

/** The plain file with its cross-reference section or trailer edited (the objects untouched). */
export function tailEdited(change: (text: string) => string): Uint8Array {
  return bytesOf(change(latin1(twoPages())));
}

/** An extra object appended to the body: `n 0 obj <text> endobj`. */
export const withObject = (body: string, n: number, text: string) =>
  `${body}${n} 0 obj\n${text}\nendobj\n`;

/** `[[[ ... ]]]` or `<< /A << /A ... >> >>`, depth levels deep. */
export function nested(kind: 'array' | 'dict', depth: number): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'<< /A '.repeat(depth)}1${' >>'.repeat(depth)}`;
}

/** One page at the bottom of a chain of `depth` /Pages nodes, each with one kid. */
export function deepPageTree(depth: number): Uint8Array {
  let body = '%PDF-1.7\n';
  body = withObject(body, 1, '<< /Type /Catalog /Pages 2 0 R >>');
  for (let level = 0; level < depth; level++) {
    const n = level + 2;
    const parent = level === 0 ? '' : `/Parent ${n - 1} 0 R `;
    body = withObject(body, n, `<< /Type /Pages ${parent}/Kids [${n + 1} 0 R] /Count 1 >>`);
  }
  const page = depth + 2;
  const content = '0 0 0 rg 10 802 30 30 re f\n';
  body = withObject(
    body,
    page,
    `<< /Type /Page /Parent ${page - 1} 0 R /MediaBox [${A4.join(' ')}] /Contents ${page + 1} 0 R >>`,
  );
  body = withObject(body, page + 1, `<< /Length ${content.length} >>\nstream\n${content}endstream`);
  return withXref(body);
}

/** Deterministic noise (xorshift), so a failure can be reproduced. */
export function noise(length: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/** A PDF header, noise, and the end markers: passes the cheap checks, holds nothing. */
export function noiseWithMarkers(length: number): Uint8Array {
  const head = bytesOf('%PDF-1.7\n');
  const tail = bytesOf('\nstartxref\n0\n%%EOF\n');
  const out = noise(length);
  out.set(head, 0);
  out.set(tail, length - tail.length);
  return out;
}

/** qpdf's encryption of a file (user and owner passwords, AES-256). */
export function qpdfEncrypt(bytes: Uint8Array, user: string, owner: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'yinzhang-enc-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    execFileSync('qpdf', ['--encrypt', user, owner, '256', '--', 'in.pdf', 'out.pdf'], {
      cwd: dir,
    });
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * qpdf's AES-256 encryption of a file, with the /CF dictionary of /Encrypt moved into an object of
 * its own by an appended update (pdf.js's issue7665.pdf has its /CF so): legal, and readers
 * resolve it, but @libpdf/core's parser only reads a direct one.
 */
export function encryptedIndirectCf(bytes: Uint8Array): Uint8Array {
  let text = latin1(qpdfEncrypt(bytes, '', 'owner'));
  const cf = /\/CF\s*<<\s*\/StdCF\s*<<[^>]*>>\s*>>/.exec(text);
  const trailer = /trailer\s*<<([\s\S]*?)>>\s*startxref\s*(\d+)/.exec(text);
  if (!cf || !trailer) throw new Error('qpdf wrote an /Encrypt dictionary of another shape');
  const n = 999;
  const reference = `/CF ${n} 0 R`;
  text = text.replace(cf[0], reference.padEnd(cf[0].length, ' '));
  const keep = (key: string) =>
    new RegExp(`/${key}\\s*(\\[[^\\]]*\\]|\\d+ \\d+ R)`).exec(trailer[1] ?? '')?.[0] ?? '';
  const at = text.length;
  const object = `${n} 0 obj\n${cf[0].slice(3).trim()}\nendobj\n`;
  const xref = at + object.length;
  text +=
    `${object}xref\n0 1\n0000000000 65535 f \n${n} 1\n${String(at).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size ${n + 1} ${keep('Root')} ${keep('Encrypt')} ${keep('ID')} /Prev ${trailer[2]} >>\n` +
    `startxref\n${xref}\n%%EOF\n`;
  return bytesOf(text);
}
