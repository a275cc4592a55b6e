/** The real `yinzhang` binary: help, usage errors, seal and extract. */

import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { at, expectOneLine, makeInputs, yinzhang } from './helpers';

beforeAll(makeInputs);

describe('help', () => {
  it('lists the commands', async () => {
    const run = await yinzhang('--help');
    expect(run.code).toBe(0);
    for (const c of [
      'seal',
      'extract',
      'stamp',
      'paging-seal',
      'merge',
      'img2pdf',
      'sign',
      'verify',
    ])
      expect(run.stdout).toContain(c);
  });

  it.each(['seal', 'extract', 'stamp', 'paging-seal', 'merge', 'img2pdf', 'sign', 'verify'])(
    '%s --help',
    async (c) => {
      const run = await yinzhang(c, '--help');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^yinzhang ${c} `));
    },
  );

  it('an unknown command or option is a usage error', async () => {
    expectOneLine(await yinzhang('frobnicate'), 2, /unknown command "frobnicate"/);
    expectOneLine(await yinzhang('stamp', 'a.pdf', '--bogus'), 2, /unknown option --bogus \(/);
  });

  it.each([
    [['stmp'], /^yinzhang: unknown command "stmp"; did you mean "stamp"\?/],
    [['sael', '--name', 'x'], /unknown command "sael"; did you mean "seal"\?/],
    [
      ['stamp', 'a.pdf', '--evry-page'],
      /^yinzhang stamp: unknown option --evry-page; did you mean --every-page\?/,
    ],
    [['seal', '--nmae', 'x'], /unknown option --nmae; did you mean --name\?/],
    [['seal', '--colour', 'red'], /unknown option --colour; did you mean --color\?/],
    [['merge', 'a.pdf', '--passwrd', 'x'], /unknown option --passwrd; did you mean --password\?/],
    [['stamp', 'a.pdf', '-z'], /unknown option -z \(see --help\)$/],
  ])('%j names the nearest valid command or option', async (args, message) => {
    expectOneLine(await yinzhang(...args), 2, message);
  });
});

describe('seal and extract', () => {
  it('seal writes a 512 px PNG', async () => {
    const run = await yinzhang(
      'seal',
      '--name',
      '北京某某科技有限公司',
      '--title',
      '合同专用章',
      '-o',
      'made.png',
    );
    expect(run.code).toBe(0);
    const meta = await sharp(at('made.png')).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 512, 512, true]);
  });

  it('seal refuses a name that is too long', async () => {
    expectOneLine(
      await yinzhang('seal', '--name', '字'.repeat(31), '-o', 'x.png'),
      1,
      /--name: name is at most 30/,
    );
  });

  it('extract keeps the red ink on a transparent background', async () => {
    const run = await yinzhang('extract', 'photo.jpg', '-o', 'cut.png');
    expect(run.code).toBe(0);
    const { data, info } = await sharp(at('cut.png')).raw().toBuffer({ resolveWithObject: true });
    expect(Math.max(info.width, info.height)).toBe(512);
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alpha(0, 0)).toBe(0); // the paper is gone
    expect(alpha(256, 256)).toBe(0);
    // On the ring (radius 76 of 200 px, so 195 at 512 px), to the right of the centre.
    expect(alpha(256 + 195, 256)).toBeGreaterThan(128);
  });

  it('extract keeps the ink shading by default, --flat paints one seal red', async () => {
    const colours = async (file: string) => {
      const { data } = await sharp(at(file)).raw().toBuffer({ resolveWithObject: true });
      const set = new Set<string>();
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i + 3] as number) > 0) set.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      }
      return set;
    };
    expect(
      (await yinzhang('extract', 'photo.jpg', '--clarity', 'auto', '-o', 'auto.png')).code,
    ).toBe(0);
    expect((await colours('auto.png')).size).toBeGreaterThan(1);
    expect((await yinzhang('extract', 'photo.jpg', '--flat', '-o', 'flat.png')).code).toBe(0);
    expect([...(await colours('flat.png'))]).toEqual(['230,0,18']);
    // By hand, a clarity level still works.
    expect((await yinzhang('extract', 'photo.jpg', '--clarity', '2', '-o', 'c2.png')).code).toBe(0);
  });

  it('extract with no seal in the photo: exit 1, one line, nothing written', async () => {
    const size = 200;
    const page = Buffer.alloc(size * size * 3, 240);
    // Three lines of black "print" and nothing red.
    for (const top of [40, 90, 140]) {
      for (let y = top; y < top + 6; y++) page.fill(20, (y * size + 20) * 3, (y * size + 180) * 3);
    }
    await sharp(page, { raw: { width: size, height: size, channels: 3 } })
      .jpeg()
      .toFile(at('print.jpg'));
    expectOneLine(
      await yinzhang('extract', 'print.jpg', '-o', 'none.png'),
      1,
      /print\.jpg: no seal found \(未找到印章\)/,
    );
    await expect(sharp(at('none.png')).metadata()).rejects.toThrow();
  });

  it('extract: --flat and --red are refused where they mean nothing', async () => {
    expectOneLine(
      await yinzhang('extract', 'photo.jpg', '--mode', '1', '--flat', '-o', 'x.png'),
      2,
      /--flat is for --mode 0/,
    );
    expectOneLine(
      await yinzhang('extract', 'photo.jpg', '--red', '2', '-o', 'x.png'),
      2,
      /--red is for modes 1 and 2/,
    );
    expectOneLine(
      await yinzhang('extract', 'photo.jpg', '--clarity', 'best', '-o', 'x.png'),
      2,
      /--clarity/,
    );
  });

  it('extract says when the input is not an image', async () => {
    expectOneLine(
      await yinzhang('extract', 'three.pdf', '-o', 'x.png'),
      1,
      /three\.pdf: not an image/,
    );
  });
});
