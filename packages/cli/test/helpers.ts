/** Running the real `yinzhang` binary in a scratch folder, and reading what it wrote. */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PDF, rgb } from '@libpdf/core';
import sharp from 'sharp';
import { afterAll, expect } from 'vitest';

const BIN = resolve(import.meta.dirname, '../bin/yinzhang.mjs');
export const dir = mkdtempSync(join(tmpdir(), 'yinzhang-cli-'));
// Each test file loads this module afresh, so each removes its own folder.
afterAll(() => rmSync(dir, { recursive: true, force: true }));
export const at = (name: string) => join(dir, name);

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A hang guard, not a speed target: a run this long is killed and fails its test. */
const HANG_GUARD_MS = 30_000;

export async function yinzhang(...args: string[]): Promise<Run> {
  return yinzhangWith(process.env, ...args);
}

/** `yinzhang` with this environment (DEBUG, a language) instead of the test's own. */
export async function yinzhangWith(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      cwd: dir,
      env,
      timeout: HANG_GUARD_MS,
      killSignal: 'SIGKILL',
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A failure is exactly one line on stderr, without a stack trace. */
export function expectOneLine(run: Run, code: number, pattern: RegExp) {
  expect(run.code).toBe(code);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

export async function pdf(pages: number, name: string): Promise<string> {
  writeFileSync(at(name), await a4Pages(pages));
  return at(name);
}

/** A4 pages, each with a black square near the bottom-left corner. */
export async function a4Pages(pages: number): Promise<Uint8Array> {
  const doc = PDF.create();
  for (let i = 0; i < pages; i++) {
    doc
      .addPage({ width: 595.28, height: 841.89 })
      .drawRectangle({ x: 20, y: 20, width: 40, height: 40, color: rgb(0, 0, 0) });
  }
  return doc.save();
}

/** The number of pages qpdf finds in the file. */
export const pageCount = (path: string) =>
  Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }).trim());

/** Page count and each page's red bounding box (fractions), from a pdftoppm render. */
export async function redBoxes(path: string) {
  const out = [];
  for (let p = 1, pages = pageCount(path); p <= pages; p++) {
    const ppm = await promisify(execFile)(
      'pdftoppm',
      ['-r', '36', '-f', `${p}`, '-l', `${p}`, path],
      {
        encoding: 'buffer',
        maxBuffer: 1 << 26,
      },
    );
    // P6 <width> <height> 255, then RGB.
    const head = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.stdout.subarray(0, 32).toString('latin1'));
    if (!head) throw new Error('pdftoppm wrote no PPM');
    const info = { width: Number(head[1]), height: Number(head[2]), channels: 3 };
    const data = ppm.stdout.subarray(head[0].length);
    let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const i = (y * info.width + x) * info.channels;
        if ((data[i] ?? 0) > 180 && (data[i + 1] ?? 255) < 90 && (data[i + 2] ?? 255) < 90) {
          [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
        }
      }
    }
    out.push(
      x1 < 0
        ? undefined
        : { x: x0 / info.width, y: y0 / info.height, width: (x1 + 1 - x0) / info.width },
    );
  }
  return out;
}

/** The inputs every test uses: two PDFs, a seal PNG, a photo of a stamp. */
export async function makeInputs(): Promise<void> {
  await pdf(3, 'three.pdf');
  await pdf(2, 'two.pdf');
  // A square red "seal" with a transparent background.
  const size = 200;
  const disc = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const x = (i % size) - size / 2;
    const y = Math.floor(i / size) - size / 2;
    disc.set([230, 0, 18, x * x + y * y < (size / 2 - 2) ** 2 ? 255 : 0], i * 4);
  }
  await sharp(disc, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toFile(at('seal.png'));
  // A photo of a paper stamp: a red ring on off-white paper.
  const photo = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    const r = Math.hypot((i % size) - size / 2, Math.floor(i / size) - size / 2);
    photo.set(r > 70 && r < 82 ? [200, 30, 40] : [238, 234, 226], i * 3);
  }
  await sharp(photo, { raw: { width: size, height: size, channels: 3 } })
    .jpeg()
    .toFile(at('photo.jpg'));
}
