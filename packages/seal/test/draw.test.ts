import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  codeFont,
  drawSeal,
  layoutSeal,
  SEAL_ALPHA,
  SEAL_RED,
  type SealCanvasContext,
  sealCharacters,
  sealFont,
} from '../src/index';

/** Records what drawSeal does, with the state each call saw. */
function recorder() {
  const calls: { op: string; args: unknown[]; state: Record<string, unknown> }[] = [];
  const state: Record<string, unknown> = {};
  const stack: Record<string, unknown>[] = [];
  const ctx = new Proxy(state, {
    get(_, key: string) {
      if (key === 'save') return () => stack.push({ ...state });
      if (key === 'restore') return () => Object.assign(state, stack.pop());
      return (...args: unknown[]) => {
        calls.push({ op: key, args, state: { ...state } });
      };
    },
    set(_, key: string, value) {
      state[key] = value;
      return true;
    },
  }) as unknown as SealCanvasContext;
  return { ctx, calls, stack };
}

const spec = { name: '北京某某科技有限公司', title: '合同专用章', code: '1101081234567' };

describe('drawSeal', () => {
  it('draws the border, the star and every glyph in the right font, opaque red', () => {
    const { ctx, calls, stack } = recorder();
    drawSeal(ctx, spec);
    expect(stack).toEqual([]);
    const texts = calls.filter((c) => c.op === 'fillText');
    expect(texts.map((c) => c.args[0]).join('')).toBe(spec.name + spec.title + spec.code);
    const l = layoutSeal(spec);
    for (const c of texts.slice(0, 10)) expect(c.state.font).toBe(sealFont(l.name.fontSizePx));
    for (const c of texts.slice(15)) expect(c.state.font).toBe(codeFont(l.code?.fontSizePx ?? 0));
    for (const c of texts) {
      expect(c.state).toMatchObject({
        fillStyle: SEAL_RED,
        globalAlpha: 1,
        globalCompositeOperation: 'source-over',
        textAlign: 'center',
        textBaseline: 'alphabetic',
      });
    }
    const stroke = calls.find((c) => c.op === 'stroke');
    expect(stroke?.state).toMatchObject({ strokeStyle: SEAL_RED, lineWidth: l.border.lineWidth });
    expect(calls.filter((c) => c.op === 'lineTo')).toHaveLength(9);
  });

  it('finishes by scaling the whole square to the seal alpha, so ink alpha is uniform', () => {
    const { ctx, calls } = recorder();
    drawSeal(ctx, { name: '章' }, { sizePx: 300 });
    const last = calls[calls.length - 1];
    expect(last?.op).toBe('fillRect');
    expect(last?.args).toEqual([0, 0, 300, 300]);
    expect(last?.state.globalCompositeOperation).toBe('destination-in');
    expect(last?.state.fillStyle).toBe(`rgba(0, 0, 0, ${SEAL_ALPHA})`);
  });

  it('accepts a browser canvas context', () => {
    expectTypeOf<CanvasRenderingContext2D>().toExtend<SealCanvasContext>();
  });
});

describe('sealCharacters', () => {
  it('lists every character drawn, once', () => {
    expect(sealCharacters({ name: '某某某公司', title: '公章', code: 'A11' })).toBe('某公司章A1');
    expect(sealCharacters({ name: '𠀀字' })).toBe('𠀀字');
  });
});
