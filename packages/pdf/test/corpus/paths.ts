/**
 * Every PDF path a user can take, run on one corpus file in-process, each output judged by qpdf
 * (and the one-page stamp by a pdftoppm render). Used by the corpus child process.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageFraction } from '@yinzhang/seal/placement';
import { mergePdfs, PdfError, type Placement, pagingSeal, readPdfInfo, stampPdf } from '../../src';
import { discStamp, markedStamp } from '../helpers/images';
import { checkOutput, classifyInput, type InputClass, pageCount, redShare, render } from './judge';

export const PATHS = ['open', 'stamp-page', 'stamp-every', 'paging-seal', 'merge'] as const;
export type PathName = (typeof PATHS)[number];

/**
 * ok: done and judged sound. refused: one of our typed errors. crash: any other exception (an
 * engine message would reach the user). worse: qpdf rejects the output of a file it read.
 * lost-page: the output has fewer pages. no-stamp: the render lacks the stamp. hang: over the
 * per-file time limit (set by the parent).
 */
export type Outcome = 'ok' | 'refused' | 'crash' | 'worse' | 'lost-page' | 'no-stamp' | 'hang';

export interface RunResult {
  readonly path: PathName;
  readonly outcome: Outcome;
  /**
   * Our own time on the path, without the judges' (qpdf, pdftoppm); for a file refused until
   * the user chooses (restrictions, a rewrite), the time of the run after the choice.
   */
  readonly ms: number;
  /**
   * The same in CPU time (this process's user + system, the judges' own processes apart): on a
   * machine shared with other work, wall time also counts the waits for a core.
   */
  readonly cpuMs?: number;
  /** Our error code for a refusal, the engine's message for a crash, qpdf's for worse. */
  readonly detail?: string;
}

export interface FileResult {
  readonly file: string;
  readonly input: InputClass;
  readonly pages: number;
  readonly runs: readonly RunResult[];
}

const f = (n: number) => n as PageFraction;
const stamp = markedStamp(160, 160);
const seal = discStamp(128);
/** An opaque red square well inside the page, so a render finds it whatever the page holds. */
const BOX = { x: 0.4, y: 0.4, width: 0.2, height: 0.2 };
const placement: Placement = {
  page: 0,
  image: 's',
  x: f(BOX.x),
  y: f(BOX.y),
  width: f(BOX.width),
  height: f(BOX.height),
  rotate: 0,
};
/** A plain one-page PDF merged after each corpus file. */
let companion: Uint8Array | undefined;

function plainPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/**
 * A refusal is ours when it is a PdfError in our words. One that only passes on the engine's
 * message (its text is its cause's) is an engine message reaching the user: a crash.
 */
function failure(err: unknown): { outcome: Outcome; detail: string } {
  if (err instanceof PdfError) {
    const cause = err.cause;
    const echoed =
      cause instanceof Error &&
      !(cause instanceof PdfError) &&
      !(cause instanceof RangeError) &&
      cause.message === err.message;
    return echoed
      ? { outcome: 'crash', detail: `${err.code} with the engine's message: ${err.message}` }
      : { outcome: 'refused', detail: err.code };
  }
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return { outcome: 'crash', detail: message.slice(0, 200) };
}

/**
 * Every path a few times on the plain companion file, untimed and unjudged: the first files a
 * fresh child takes would otherwise carry the compiling of the engine's code (a 1 KB file's first
 * stamp took 40 ms of CPU where its next takes 1), which says nothing about the file.
 */
export async function warmUp(): Promise<void> {
  companion ??= plainPdf();
  const bytes = companion;
  for (let i = 0; i < 3; i++) {
    await readPdfInfo(bytes);
    await stampPdf(bytes, { images: { s: stamp }, placements: [placement] });
    await stampPdf(bytes, {
      images: { s: stamp },
      placements: [],
      every: { placement, pages: 'all' },
    });
    await pagingSeal(bytes, { image: seal });
    await mergePdfs([
      { bytes, name: 'a' },
      { bytes, name: 'b' },
    ]);
  }
}

export async function runFile(file: string): Promise<FileResult> {
  companion ??= plainPdf();
  const bytes = new Uint8Array(readFileSync(file));
  const { kind: input, pages } = classifyInput(file);
  const dir = mkdtempSync(join(tmpdir(), 'yz-corpus-'));
  const runs: RunResult[] = [];
  /** Time spent in the judges during the current path, taken off its time. */
  let judging = 0;
  /** CPU time (µs) spent judging likewise (reading a render's pixels is done here). */
  let judgingCpu = 0;
  const cpuNow = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  const timed = <T>(work: () => T): T => {
    const start = performance.now();
    const startCpu = cpuNow();
    try {
      return work();
    } finally {
      judging += performance.now() - start;
      judgingCpu += cpuNow() - startCpu;
    }
  };
  const judge = (name: string, out: Uint8Array, expectPages: number) =>
    timed(() => judgeOutput(name, out, expectPages));
  const judgeOutput = (name: string, out: Uint8Array, expectPages: number) => {
    const path = join(dir, `${name}.pdf`);
    writeFileSync(path, out);
    const check = checkOutput(path);
    if (!check.ok)
      return {
        // qpdf read the input (with or without pages): an output it cannot read is worse.
        outcome: (input === 'reads' || input === 'empty' ? 'worse' : 'ok') as Outcome,
        detail: check.why,
        out: path,
      };
    if (input === 'reads' && expectPages > 0 && pageCount(path) < expectPages) {
      return {
        outcome: 'lost-page' as Outcome,
        detail: `${pageCount(path)} of ${expectPages}`,
        out: path,
      };
    }
    return { outcome: 'ok' as Outcome, detail: undefined, out: path };
  };
  // A file whose permissions forbid changes is refused until the user deliberately overrides
  // them (issue 14); the corpus run then takes that choice, as a user who owns the file would.
  let override = false;
  // Likewise a signed file that needed repair is refused until the user accepts that a rewrite
  // breaks its signatures (--force-rewrite).
  let rewrite = false;
  const run = async (
    path: PathName,
    work: () => Promise<{ outcome: Outcome; detail?: string | undefined }>,
  ) => {
    let start = performance.now();
    let startCpu = cpuNow();
    judging = 0;
    judgingCpu = 0;
    /** The user's second go, with the choice made: timed alone, as a user would time it. */
    const again = () => {
      start = performance.now();
      startCpu = cpuNow();
      judging = 0;
      judgingCpu = 0;
      return work().catch(failure);
    };
    let result: { outcome: Outcome; detail?: string | undefined };
    try {
      result = await work();
    } catch (err) {
      result = failure(err);
      if (result.detail === 'RESTRICTED' && !override) {
        override = true;
        result = await again();
      }
      if (result.detail === 'SIGNED_NEEDS_REPAIR' && !rewrite) {
        rewrite = true;
        result = await again();
      }
    }
    // To a tenth of a millisecond: a small file stamps in about one, so whole ms would hide ratios.
    const ms = Math.round((performance.now() - start - judging) * 10) / 10;
    const cpuMs = Math.round((cpuNow() - startCpu - judgingCpu) / 100) / 10;
    runs.push({
      path,
      ms,
      cpuMs,
      outcome: result.outcome,
      ...(result.detail ? { detail: result.detail } : {}),
    });
  };
  try {
    await run('open', async () => {
      const info = await readPdfInfo(bytes);
      if (input === 'reads' && pages > 0 && info.pages.length < pages) {
        return { outcome: 'lost-page', detail: `${info.pages.length} of ${pages}` };
      }
      return { outcome: 'ok' };
    });
    await run('stamp-page', async () => {
      const out = await stampPdf(bytes, {
        images: { s: stamp },
        placements: [placement],
        ignoreRestrictions: override,
        forceRewrite: rewrite,
      });
      const j = judge('stamp-page', out, pages);
      if (j.outcome !== 'ok' || input !== 'reads') return j;
      // A page poppler cannot draw says nothing about our stamp; one it draws must show it.
      const img = timed(() => render(j.out, 1));
      if (img && redShare(img, BOX) < 0.5) {
        return { outcome: 'no-stamp', detail: `red ${redShare(img, BOX).toFixed(2)}` };
      }
      return j;
    });
    await run('stamp-every', async () => {
      const out = await stampPdf(bytes, {
        images: { s: stamp },
        placements: [],
        every: { placement, pages: 'all' },
        ignoreRestrictions: override,
        forceRewrite: rewrite,
      });
      return judge('stamp-every', out, pages);
    });
    await run('paging-seal', async () => {
      const out = await pagingSeal(bytes, {
        image: seal,
        ignoreRestrictions: override,
        forceRewrite: rewrite,
      });
      return judge('paging-seal', out, pages);
    });
    await run('merge', async () => {
      const merged = await mergePdfs([
        { bytes, name: 'corpus' },
        { bytes: companion as Uint8Array, name: 'plain' },
      ]);
      const mine = merged.results[0];
      if (!mine?.ok) return { outcome: 'refused', detail: mine?.code ?? mine?.error ?? '?' };
      if (!merged.bytes) return { outcome: 'refused', detail: 'no output' };
      return judge('merge', merged.bytes, pages + 1);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { file, input, pages, runs };
}
