import { ZCreateSeal } from '@yinzhang/seal';
import { Piscina } from 'piscina';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/errors';
import { createSealPool, type SealPool } from '../src/seal/pool';
import { renderSealPng } from '../src/seal/render';
import { jobHandler } from '../src/workers/pool';

const pools: SealPool[] = [];
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

function pool(options: Parameters<typeof createSealPool>[0] = {}): SealPool {
  const created = createSealPool(options);
  pools.push(created);
  return created;
}

const SPECS = [
  { name: '北京某某科技有限公司', title: '合同专用章', code: '1101081234567' },
  { name: '上海某某贸易有限公司' },
  { name: 'ABC 某某 Co., Ltd.', title: '财务专用章' },
].map((spec) => ZCreateSeal.parse(spec));

describe('seal pool', () => {
  it.each(SPECS)('draws $name in a worker byte for byte as on the main thread', async (spec) => {
    const png = await pool().render(spec);
    expect(Buffer.isBuffer(png)).toBe(true);
    expect(png.equals(renderSealPng(spec))).toBe(true);
  });

  it('answers 503 BUSY with Retry-After when every worker and the queue are taken', async () => {
    const seals = pool({ size: 1, maxQueue: 1 });
    const [first, second, third] = [0, 1, 2].map((i) =>
      seals.render(ZCreateSeal.parse({ name: `某某${i}公司` })).then(
        () => 'ok',
        (err: unknown) => err,
      ),
    );
    expect(await first).toBe('ok');
    expect(await second).toBe('ok');
    const refused = await third;
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'BUSY',
      headers: { 'retry-after': '1' },
    });
  });

  it('gets the PNG moved from the worker: the answer owns its whole buffer', async () => {
    const png = await pool().render(SPECS[0] as never);
    // A structured clone would also own its buffer; what a move adds is checked below.
    expect(png.byteOffset).toBe(0);
    expect(png.buffer.byteLength).toBe(png.length);
  });

  it('answers 503 UNAVAILABLE once closed', async () => {
    const seals = pool();
    await seals.close();
    await expect(seals.render(SPECS[1] as never)).rejects.toMatchObject({
      statusCode: 503,
      code: 'UNAVAILABLE',
    });
  });
});

describe('jobHandler with transferResult', () => {
  const transferable = (value: unknown) =>
    typeof value === 'object' && value !== null && Piscina.transferableSymbol in value;

  it.each([
    { what: 'a byte array owning its buffer is moved', result: new Uint8Array(8), moved: true },
    {
      what: 'a view into a larger buffer is copied',
      result: new Uint8Array(new ArrayBuffer(16), 4, 8),
      moved: false,
    },
    { what: 'anything else is copied', result: { n: 1 }, moved: false },
  ])('$what', async ({ result, moved }) => {
    const reply = await jobHandler(() => result, { transferResult: true })(undefined);
    expect(transferable(reply)).toBe(moved);
    const value = moved
      ? (reply as unknown as Record<symbol, unknown>)[Piscina.valueSymbol]
      : reply;
    expect(value).toEqual({ ok: true, result });
  });

  it('moves nothing unless asked', async () => {
    expect(transferable(await jobHandler(() => new Uint8Array(8))(undefined))).toBe(false);
  });
});
