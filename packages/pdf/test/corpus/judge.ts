/**
 * The outside judges of the corpus run: qpdf says whether a file is readable and whether an output
 * is sound, pdftoppm shows whether the stamp is where it was put. Node only (spawns Debian tools).
 */
import { spawnSync } from 'node:child_process';

/**
 * How qpdf sees an input, before we touch it. "empty": qpdf reads it but lists no pages (a
 * catalog whose /Pages is not a page tree): a NO_PAGES refusal is then the right answer.
 */
export type InputClass = 'reads' | 'empty' | 'password' | 'unreadable';

const JUDGE_TIMEOUT_MS = 60_000;
/**
 * Poppler takes most of a minute on a few pages (issue16263.pdf's, input and output alike); a
 * render it cannot finish in this time says nothing about our stamp, like one it cannot draw.
 */
const RENDER_TIMEOUT_MS = 15_000;

function qpdf(args: readonly string[]) {
  return spawnSync('qpdf', [...args], {
    encoding: 'utf8',
    timeout: JUDGE_TIMEOUT_MS,
    maxBuffer: 1 << 26,
  });
}

/**
 * `qpdf --check` exits 0 when the file is clean and 3 when it read it with warnings (a repaired
 * cross-reference table, say); 2 is an error. A file it can only refuse for its password is
 * "password": a refusal for the password is then the right answer.
 */
export function classifyInput(path: string): { readonly kind: InputClass; readonly pages: number } {
  const check = qpdf(['--check', path]);
  if (check.status === 0 || check.status === 3) {
    const pages = pageCount(path);
    return { kind: pages === 0 ? 'empty' : 'reads', pages };
  }
  if (/invalid password/i.test(`${check.stderr}${check.stdout}`)) {
    return { kind: 'password', pages: 0 };
  }
  return { kind: 'unreadable', pages: 0 };
}

/**
 * qpdf's page count of a file it reads (the pages its tree lists, not what /Count claims: a
 * fuzzed file says 9999999999); -1 when it cannot count them.
 */
export function pageCount(path: string, password?: string): number {
  const args = password === undefined ? [] : [`--password=${password}`];
  const r = qpdf([...args, '--show-pages', path]);
  if (r.status !== 0 && r.status !== 3) return -1;
  return r.stdout.split('\n').filter((l) => /^page \d+:/.test(l)).length;
}

/** Does qpdf read the output (exit 0 or 3), and if not, its first complaint. */
export function checkOutput(path: string): { readonly ok: boolean; readonly why: string } {
  const r = qpdf(['--check', path]);
  if (r.status === 0 || r.status === 3) return { ok: true, why: '' };
  const why = `${r.stderr}${r.stdout}`.split('\n').find((l) => l.trim()) ?? `exit ${r.status}`;
  return { ok: false, why: why.slice(0, 200) };
}

export interface Rendered {
  readonly width: number;
  readonly height: number;
  readonly rgb: Uint8Array;
}

/**
 * One page (1-based) at a low resolution, as viewers show it but without annotations: a form
 * field drawn over the stamp is the file's, and the check is about what we put in the page.
 * Undefined when poppler cannot draw it.
 */
export function render(path: string, page: number, dpi = 18): Rendered | undefined {
  const r = spawnSync(
    'pdftoppm',
    [
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      '-cropbox',
      '-hide-annotations',
      path,
    ],
    { timeout: RENDER_TIMEOUT_MS, maxBuffer: 1 << 28 },
  );
  if (r.status !== 0 || !r.stdout || r.stdout.length < 16) return undefined;
  const head = r.stdout.subarray(0, 64).toString('latin1');
  const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(head);
  if (!m) return undefined;
  return {
    width: Number(m[1]),
    height: Number(m[2]),
    rgb: new Uint8Array(r.stdout.subarray(m[0].length)),
  };
}

/** Share of the pixels inside a box (page fractions) that are the test stamp's pure red. */
export function redShare(
  img: Rendered,
  box: { x: number; y: number; width: number; height: number },
): number {
  const x0 = Math.floor(box.x * img.width);
  const x1 = Math.ceil((box.x + box.width) * img.width);
  const y0 = Math.floor(box.y * img.height);
  const y1 = Math.ceil((box.y + box.height) * img.height);
  let red = 0;
  let all = 0;
  for (let y = Math.max(0, y0 + 1); y < Math.min(img.height, y1 - 1); y++) {
    for (let x = Math.max(0, x0 + 1); x < Math.min(img.width, x1 - 1); x++) {
      const i = (y * img.width + x) * 3;
      const r = img.rgb[i] ?? 0;
      const g = img.rgb[i + 1] ?? 0;
      const b = img.rgb[i + 2] ?? 0;
      all++;
      if (r > 180 && g < 90 && b < 90) red++;
    }
  }
  return all === 0 ? 1 : red / all;
}
