/** `yinzhang seal` with the designer's options: shapes, colours, sizes and SVG. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { at, expectOneLine, yinzhang } from './helpers';

/** Mean colour of the opaque pixels and how many there are. */
async function ink(file: string) {
  const { data, info } = await sharp(at(file)).raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) {
    if ((data[i + 3] as number) < 200) continue;
    n++;
    for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (data[i + c] as number);
  }
  return { n, rgb: sum.map((v) => Math.round(v / Math.max(1, n))), width: info.width };
}

describe('yinzhang seal, designer options', () => {
  it('oval invoice seal in blue with a 20-character taxpayer number', async () => {
    const run = await yinzhang(
      'seal',
      '--shape',
      'oval',
      '--name',
      '北京某某科技有限公司',
      '--code',
      '9111010812345678WMXZ',
      '--color',
      'blue',
      '-o',
      'oval.png',
    );
    expect(run.code, run.stderr).toBe(0);
    const seen = await ink('oval.png');
    expect(seen.width).toBe(512);
    expect(seen.n).toBeGreaterThan(5000);
    // #0b3fb8 at full opacity is drawn with 0.9 alpha: the colour itself stays blue.
    expect(seen.rgb[2]).toBeGreaterThan(150);
    expect(seen.rgb[0]).toBeLessThan(60);
  });

  it('square 名章 of two characters, and refuses five', async () => {
    const run = await yinzhang('seal', '--shape', 'square', '--name', '张三', '-o', 'name.png');
    expect(run.code, run.stderr).toBe(0);
    expect((await ink('name.png')).n).toBeGreaterThan(5000);
    expectOneLine(
      await yinzhang('seal', '--shape', 'square', '--name', '欧阳修远远', '-o', 'x.png'),
      1,
      /--name: name is at most 4/,
    );
  });

  it('--dpi gives a print-resolution PNG of the physical size', async () => {
    const run = await yinzhang(
      'seal',
      '--preset',
      'contract',
      '--name',
      '北京某某科技有限公司',
      '--dpi',
      '600',
      '-o',
      'print.png',
    );
    expect(run.code, run.stderr).toBe(0);
    const meta = await sharp(at('print.png')).metadata();
    // 40 mm plus the transparent margin (1/128 of the image each side) at 600 dpi.
    expect(meta.width).toBe(Math.round(((40 * 64) / 63 / 25.4) * 600));
  });

  it('--size-mm changes the physical size, not the 512 px image', async () => {
    const run = await yinzhang(
      'seal',
      '--shape',
      'round',
      '--size-mm',
      '38',
      '--name',
      '北京某某科技有限公司',
      '--format',
      'svg',
      '-o',
      'small.svg',
    );
    expect(run.code, run.stderr).toBe(0);
    const svg = readFileSync(at('small.svg'), 'utf8');
    expect(svg).toContain(`width="${Number(((38 * 64) / 63).toFixed(3))}mm"`);
  });

  it('SVG output is vector paths, one per character, no raster', async () => {
    const run = await yinzhang(
      'seal',
      '--preset',
      'finance',
      '--name',
      '上海某某贸易有限公司',
      '--format',
      'svg',
      '-o',
      'finance.svg',
    );
    expect(run.code, run.stderr).toBe(0);
    const svg = readFileSync(at('finance.svg'), 'utf8');
    expect(svg).not.toMatch(/<image|<text|data:/);
    // The name and the preset's title 财务专用章.
    expect(svg.match(/<path /g)?.length).toBe(10 + 5);
  });

  it('refuses unknown colours, shapes and a preset of another shape', async () => {
    expectOneLine(
      await yinzhang('seal', '--name', '某某公司', '--color', 'green', '-o', 'x.png'),
      2,
      /--color is one of red, blue, black, purple/,
    );
    expectOneLine(
      await yinzhang('seal', '--name', '某某公司', '--shape', 'star', '-o', 'x.png'),
      2,
      /--shape is one of round, oval, square/,
    );
    expectOneLine(
      await yinzhang(
        'seal',
        '--name',
        '某某',
        '--shape',
        'square',
        '--preset',
        'invoice',
        '-o',
        'x.png',
      ),
      2,
      /--preset invoice is not a square seal/,
    );
    expectOneLine(
      await yinzhang('seal', '--name', '某某公司', '--opacity', '2', '-o', 'x.png'),
      2,
      /--opacity is a number from 0.1 to 1/,
    );
  });

  it('without designer options it is the classic seal; --shape round draws the same seal', async () => {
    const args = [
      '--name',
      '北京某某科技有限公司',
      '--title',
      '合同专用章',
      '--code',
      '1101081234567',
    ];
    const a = await yinzhang('seal', ...args, '-o', 'classic.png');
    const b = await yinzhang('seal', ...args, '--shape', 'round', '-o', 'designed.png');
    expect(a.code + b.code).toBe(0);
    const alpha = async (file: string) => {
      const { data } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return Uint8Array.from({ length: data.length / 4 }, (_, i) => data[i * 4 + 3] as number);
    };
    const golden = await alpha(
      resolve(import.meta.dirname, '../../../apps/server/test/golden/contract-seal.png'),
    );
    const differing = (x: Uint8Array, y: Uint8Array) =>
      x.reduce((n, v, i) => n + (Math.abs(v - (y[i] as number)) > 8 ? 1 : 0), 0);
    const classic = await alpha(at('classic.png'));
    const designed = await alpha(at('designed.png'));
    // The server's golden seal: the same drawSeal, but the server fills cached glyph outlines
    // itself where the command line lets the canvas draw text (apps/server/test/seal-golden.test.ts
    // makes the same comparison): pixels differ only on edges, the ink within 3%.
    const side = Math.round(Math.sqrt(golden.length));
    const range = (img: Uint8Array, x: number, y: number) => {
      let lo = 255;
      let hi = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const cx = Math.min(side - 1, Math.max(0, x + dx));
          const cy = Math.min(side - 1, Math.max(0, y + dy));
          const v = img[cy * side + cx] as number;
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
      return hi - lo;
    };
    const offEdge: string[] = [];
    for (let i = 0; i < golden.length; i++) {
      const x = i % side;
      const y = (i - x) / side;
      const a = classic[i] as number;
      const b = golden[i] as number;
      if (Math.abs(a - b) > 8 && range(golden, x, y) < 32 && range(classic, x, y) < 32) {
        offEdge.push(`${x},${y}: ${b} -> ${a}`);
      }
    }
    expect(classic).toHaveLength(golden.length);
    expect(offEdge).toEqual([]);
    const ink = (img: Uint8Array) => img.reduce((n, v) => n + v, 0);
    expect(Math.abs(ink(classic) - ink(golden)) / ink(golden)).toBeLessThan(0.03);
    // The designer's round shape is the classic seal, drawn the same way.
    expect(differing(designed, classic)).toBeLessThanOrEqual(40);
  });
});
