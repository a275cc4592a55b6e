/**
 * The corpus flow's sample (issue 19: "the same in Chromium for a sample of 50"): pdf.js's test
 * PDFs that qpdf reads without a password, chosen the same way on every machine and spread over the
 * kinds of file that go wrong — encrypted with an empty password, cross-reference streams, rotated
 * pages, damaged files qpdf repairs, large files — and the engine's verdict on a file the browser
 * failed on, so that a browser-only failure is told apart from one the engine has too.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PdfError, type Placement, stampPdf } from '@yinzhang/pdf';
import type { PageFraction } from '@yinzhang/seal/placement';
import { checkOutput, pageCount, redShare, render } from '../packages/pdf/test/corpus/judge';

export { corpusDir, corpusFiles } from '../packages/pdf/test/corpus/run-corpus';

export type Kind = 'encrypted' | 'xref-stream' | 'rotated' | 'damaged' | 'large' | 'plain';

/** How many of each kind the sample takes (50 in all). */
export const QUOTA: Readonly<Record<Kind, number>> = {
  encrypted: 6,
  'xref-stream': 9,
  rotated: 6,
  damaged: 8,
  large: 5,
  plain: 16,
};
/** "large" starts here; files above the cap are left out to keep the flow within minutes. */
const LARGE_BYTES = 1_000_000;
const MAX_BYTES = 12_000_000;
/** More pages than this take the judges (and the page column) too long for a CI flow. */
const MAX_PAGES = 400;

export interface SampleFile {
  readonly file: string;
  readonly name: string;
  readonly kind: Kind;
  /** qpdf's page count. */
  readonly pages: number;
}

/** FNV-1a of the name: an order that spreads the sample over the alphabet, the same everywhere. */
function hash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function qpdfStatus(file: string): number | null {
  return spawnSync('qpdf', ['--check', file], { timeout: 60_000, stdio: 'ignore' }).status;
}

/** The kinds the file's bytes show, most specific first. */
function marks(file: string, size: number): Kind[] {
  const text = readFileSync(file).toString('latin1');
  const kinds: Kind[] = [];
  if (/\/Encrypt\b/.test(text)) kinds.push('encrypted');
  if (/\/Rotate\s+-?(90|180|270)\b/.test(text)) kinds.push('rotated');
  if (/\/Type\s*\/XRef\b/.test(text)) kinds.push('xref-stream');
  if (size >= LARGE_BYTES) kinds.push('large');
  return kinds;
}

/**
 * The sample: files in hash order, each read by qpdf (exit 0, or 3 for a file it repaired), put in
 * the first kind it shows whose quota is not yet full; a repaired file counts as damaged first.
 */
export function pickSample(files: readonly string[]): SampleFile[] {
  const left = { ...QUOTA };
  const picked: SampleFile[] = [];
  const ordered = [...files].sort((a, b) => hash(path.basename(a)) - hash(path.basename(b)));
  for (const file of ordered) {
    if (Object.values(left).every((n) => n === 0)) break;
    const size = statSync(file).size;
    if (size > MAX_BYTES) continue;
    const shown = marks(file, size);
    const wanted = [...shown, 'plain' as const].filter((k) => left[k] > 0);
    if (wanted.length === 0 && left.damaged === 0) continue;
    const status = qpdfStatus(file);
    if (status !== 0 && status !== 3) continue;
    // A file qpdf repaired is damaged whatever else it shows; a clean one is never "damaged".
    const kind: Kind | undefined =
      status === 3 ? (left.damaged > 0 ? 'damaged' : undefined) : wanted[0];
    if (!kind || (status === 3 && kind !== 'damaged')) continue;
    const pages = pageCount(file);
    if (pages < 1 || pages > MAX_PAGES) continue;
    left[kind]--;
    picked.push({ file, name: path.basename(file), kind, pages });
  }
  return picked;
}

/** A stamp's box on its page, as fractions of the page as shown (top-left origin). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Verdict =
  | { ok: true }
  | { ok: false; outcome: 'worse' | 'lost-page' | 'no-stamp'; detail: string };

/** The middle of a box: the stamp's edges fall between pixels and its clip may trim them. */
function inner(box: Box): Box {
  return {
    x: box.x + box.width * 0.2,
    y: box.y + box.height * 0.2,
    width: box.width * 0.6,
    height: box.height * 0.6,
  };
}

/**
 * An output judged as the corpus test judges it: qpdf reads it, it keeps the input's pages, and
 * (given a stamp) a render of its page shows the red stamp where it was put — when poppler can
 * draw that page at all. A merge must have exactly the pages of its inputs (`exactPages`).
 */
export function judgeOutput(
  out: string,
  pages: number,
  stamp?: { page: number; box: Box },
  exactPages = false,
): Verdict {
  const check = checkOutput(out);
  if (!check.ok) return { ok: false, outcome: 'worse', detail: check.why };
  const kept = pageCount(out);
  if (kept < pages) return { ok: false, outcome: 'lost-page', detail: `${kept} of ${pages}` };
  if (exactPages && kept !== pages) {
    return { ok: false, outcome: 'worse', detail: `${kept} pages, not ${pages}` };
  }
  if (stamp) {
    const img = render(out, stamp.page, 36);
    const share = img ? redShare(img, inner(stamp.box)) : 1;
    if (share < 0.5) return { ok: false, outcome: 'no-stamp', detail: `red ${share.toFixed(2)}` };
  }
  return { ok: true };
}

/** The same stamp (a PNG) at the same place, written by the engine in this process and judged. */
export async function engineVerdict(
  sample: SampleFile,
  image: Uint8Array,
  stamp: { page: number; box: Box },
): Promise<Verdict | { ok: false; outcome: 'refused' | 'crash'; detail: string }> {
  const f = (n: number) => n as PageFraction;
  const placement: Placement = {
    page: stamp.page - 1,
    image: 's',
    x: f(stamp.box.x),
    y: f(stamp.box.y),
    width: f(stamp.box.width),
    height: f(stamp.box.height),
    rotate: 0,
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'yz-corpus-e2e-'));
  try {
    const bytes = new Uint8Array(readFileSync(sample.file));
    const out = await stampPdf(bytes, {
      images: { s: image },
      placements: [placement],
      ignoreRestrictions: true,
    });
    const file = path.join(dir, 'engine.pdf');
    writeFileSync(file, out);
    return judgeOutput(file, sample.pages, stamp);
  } catch (err) {
    if (err instanceof PdfError) return { ok: false, outcome: 'refused', detail: err.code };
    return { ok: false, outcome: 'crash', detail: String(err).slice(0, 120) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
