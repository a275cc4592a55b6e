import type { Box, ImagePx, PageFraction, Rotation, Size } from '@yinzhang/seal/placement';
import { describe, expect, it } from 'vitest';
import { type ComposeContext, composeSigned, signedFileName } from './exportSigned';

/** A canvas context that records its calls. */
function recorder() {
  const calls: (string | number)[][] = [];
  const ctx: ComposeContext<string> = {
    imageSmoothingEnabled: false,
    imageSmoothingQuality: 'low',
    save: () => calls.push(['save']),
    restore: () => calls.push(['restore']),
    translate: (x, y) => calls.push(['translate', x, y]),
    rotate: (a) => calls.push(['rotate', Math.round((a * 180) / Math.PI)]),
    drawImage: (img, x, y, w, h) => calls.push(['draw', img, x, y, w, h]),
  };
  return { ctx, calls };
}

const f = (x: number, y: number, width: number, height: number) =>
  ({ x, y, width, height }) as Box<PageFraction>;

describe('saving a signed image', () => {
  it('draws the page at full size, then each stamp turned about its centre', () => {
    const { ctx, calls } = recorder();
    const size = { width: 1600, height: 1200 } as Size<ImagePx>;
    composeSigned(ctx, 'page', size, [
      { image: 'seal', placement: { box: f(0.1, 0.2, 0.2, 0.25), rotate: 0 as Rotation } },
      { image: 'sig', placement: { box: f(0.5, 0.5, 0.25, 0.1), rotate: 90 as Rotation } },
    ]);
    expect(ctx.imageSmoothingEnabled).toBe(true);
    expect(ctx.imageSmoothingQuality).toBe('high');
    expect(calls).toEqual([
      ['draw', 'page', 0, 0, 1600, 1200],
      ['save'],
      ['translate', 320, 390],
      ['rotate', 0],
      ['draw', 'seal', -160, -150, 320, 300],
      ['restore'],
      ['save'],
      ['translate', 1000, 660],
      ['rotate', 90],
      ['draw', 'sig', -200, -60, 400, 120],
      ['restore'],
    ]);
  });

  it.each([
    ['contract.jpg', 'contract-signed.png'],
    ['scan.final.png', 'scan.final-signed.png'],
    ['noextension', 'noextension-signed.png'],
    ['合同.webp', '合同-signed.png'],
  ])('names %s %s', (name, expected) => {
    expect(signedFileName(name)).toBe(expected);
  });
});
