import { ZCreateSeal } from '@yinzhang/seal';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/errors';
import { createSealPool, type SealPool } from '../src/seal/pool';
import { renderSealPng } from '../src/seal/render';

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

  it('answers 503 UNAVAILABLE once closed', async () => {
    const seals = pool();
    await seals.close();
    await expect(seals.render(SPECS[1] as never)).rejects.toMatchObject({
      statusCode: 503,
      code: 'UNAVAILABLE',
    });
  });
});
