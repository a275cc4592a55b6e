/**
 * The published package works outside this repository: `npm pack` here, `npm install <tarball>` in
 * an empty folder (dependencies from the npm registry, which must be reachable), then
 * `npx yinzhang seal ...` there makes a valid PNG, and `npx yinzhang stamp` puts it on a PDF.
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const CLI_DIR = resolve(import.meta.dirname, '..');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';
/** Installing sharp and @napi-rs/canvas from the registry can take a while on a cold cache. */
const INSTALL_TIMEOUT_MS = 240_000;

/** stderr without npx's own warnings about the machine's npm configuration. */
const ours = (stderr: string) =>
  stderr.split('\n').filter((line) => line !== '' && !line.startsWith('npm warn'));

const work = mkdtempSync(join(tmpdir(), 'yinzhang-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm pack, npm install <tarball>, npx yinzhang', () => {
  it(
    'installs into an empty folder, makes a seal and stamps a PDF with it',
    async () => {
      const packs = join(work, 'packs');
      const app = join(work, 'app');
      for (const dir of [packs, app]) mkdirSync(dir, { recursive: true });
      await run(NPM, ['pack', '--pack-destination', packs], { cwd: CLI_DIR });
      const [tarball] = readdirSync(packs).filter((f) => f.endsWith('.tgz'));
      expect(tarball).toBeDefined();
      await run(NPM, ['init', '-y'], { cwd: app });
      await run(NPM, ['install', '--no-audit', '--no-fund', join(packs, tarball as string)], {
        cwd: app,
        timeout: INSTALL_TIMEOUT_MS,
      });

      // Only the package and real registry dependencies: no workspace packages, no tsx.
      const installed = join(app, 'node_modules');
      expect(existsSync(join(installed, 'yinzhang', 'dist', 'main.js'))).toBe(true);
      expect(existsSync(join(installed, 'yinzhang', 'src'))).toBe(false);
      expect(existsSync(join(installed, '@yinzhang'))).toBe(false);
      expect(existsSync(join(installed, 'tsx'))).toBe(false);
      const manifest = JSON.parse(
        readFileSync(join(installed, 'yinzhang', 'package.json'), 'utf8'),
      );
      expect(manifest.private).toBeUndefined();
      expect(Object.keys(manifest.dependencies).sort()).toEqual(['@napi-rs/canvas', 'sharp']);

      const made = await run(
        NPX,
        ['yinzhang', 'seal', '--name', '上海某某贸易有限公司', '-o', 'seal.png'],
        {
          cwd: app,
        },
      );
      expect(ours(made.stderr)).toEqual([expect.stringMatching(/^wrote seal\.png \(\d+ KB\)$/)]);
      const png = readFileSync(join(app, 'seal.png'));
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([512, 512, 4]);
      // Seal red ink, and a transparent corner.
      let red = 0;
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i + 3] ?? 0) > 128 && (data[i] ?? 0) > 200 && (data[i + 1] ?? 255) < 40) red++;
      }
      expect(red).toBeGreaterThan(10_000);
      expect(data[3]).toBe(0);

      // The bundled PDF engine (its zlib swapped for Node's) stamps every page of a PDF.
      writeFileSync(join(app, 'in.pdf'), threePages());
      const stamped = await run(
        NPX,
        [
          'yinzhang',
          'stamp',
          'in.pdf',
          '--image',
          'seal.png',
          '--every-page',
          '--x',
          '0.6',
          '-o',
          'x.pdf',
        ],
        { cwd: app },
      ).catch((e) => e);
      expect(ours(stamped.stderr)).toEqual(['yinzhang stamp: --y is required (see --help)']);
      const place = ['--x', '0.6', '--y', '0.7', '--width', '42mm', '-o', 'out.pdf'];
      // The engine's code cache (src/code-cache.ts) is written where the user's cache goes.
      const cache = join(work, 'cache');
      const ok = await run(
        NPX,
        ['yinzhang', 'stamp', 'in.pdf', '--image', 'seal.png', '--every-page', ...place],
        { cwd: app, env: { ...process.env, YINZHANG_CACHE_DIR: cache } },
      );
      expect(ours(ok.stderr).at(-1)).toMatch(/^wrote out\.pdf \(3 pages, \d+ KB\)$/);
      expect(readdirSync(cache)).toEqual([expect.stringMatching(/^engine-\w+\.cjs\..+\.bin$/)]);
      await run('qpdf', ['--check', join(app, 'out.pdf')]);
      const page3 = await run('pdftoppm', ['-r', '36', '-f', '3', '-l', '3', '-png', 'out.pdf'], {
        cwd: app,
        encoding: 'buffer',
      });
      const raster = await sharp(page3.stdout).raw().toBuffer({ resolveWithObject: true });
      let inked = 0;
      for (let i = 0; i < raster.data.length; i += raster.info.channels) {
        const [r = 0, g = 255] = [raster.data[i], raster.data[i + 1]];
        if (r > 180 && g < 90) inked++;
      }
      expect(inked).toBeGreaterThan(100);

      // A mistake gives one line, no stack trace, from the installed bundle too.
      const wrong = await run(NPX, ['yinzhang', 'sael'], { cwd: app }).catch((e) => e);
      expect(wrong.code).toBe(2);
      expect(ours(wrong.stderr)).toEqual([
        'yinzhang: unknown command "sael"; did you mean "seal"? (see --help)',
      ]);
    },
    INSTALL_TIMEOUT_MS + 60_000,
  );
});

/** Three blank A4 pages, written by hand: the installed package is the only PDF code here. */
function threePages(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>',
    ...[3, 4, 5].map(() => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] >>'),
  ];
  let out = '%PDF-1.7\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) out += `${String(at).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
