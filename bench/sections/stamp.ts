import { LOAD_COLUMNS, type LoadCase, loadRow, runLoad } from '../lib/http-load';
import type { BenchSection } from '../lib/types';

const JSON_HEADERS = { 'content-type': 'application/json' };
const CACHED_SPEC = { name: '北京某某科技有限公司', title: '合同专用章', code: '1101081234567' };
const DIGITS = '甲乙丙丁戊己庚辛壬癸';

/** A different company name for every call, so every request misses the server's cache. */
function uniqueNames(): () => string {
  let n = 0;
  return () => {
    let rest = n++;
    let prefix = '';
    do {
      prefix = DIGITS[rest % DIGITS.length] + prefix;
      rest = Math.floor(rest / DIGITS.length);
    } while (rest > 0);
    return JSON.stringify({ name: `${prefix}科技有限公司`, title: '合同专用章' });
  };
}

export const stampSection: BenchSection = {
  name: 'stamp',
  description: 'POST /v1/stamp/create under autocannon on loopback',
  async run(ctx) {
    const { url } = await ctx.server();
    const create = `${url}/v1/stamp/create`;
    // Warm up: font registration and the first draw happen once per process.
    await fetch(create, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(CACHED_SPEC),
    });

    const cases: LoadCase[] = [
      { name: 'GET /healthz (baseline)', url: `${url}/healthz` },
      {
        name: 'create, cached name',
        url: create,
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify(CACHED_SPEC),
      },
      {
        name: 'create, new name each request',
        url: create,
        method: 'POST',
        headers: JSON_HEADERS,
        body: uniqueNames(),
      },
    ];
    const results = [];
    for (const c of cases) results.push(await runLoad(c, ctx.options));

    return {
      title: `${this.description} (${ctx.options.connections} connections, ${ctx.options.durationS} s each)`,
      columns: LOAD_COLUMNS,
      rows: results.map(loadRow),
      warnings: results.filter((r) => r.failed > 0).map((r) => `${r.name}: ${r.failures}`),
    };
  },
};
