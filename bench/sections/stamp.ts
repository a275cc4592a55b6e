import { LOAD_COLUMNS, type LoadCase, loadRow, runLoad } from '../lib/http-load';
import { processCpuMs } from '../lib/proc-cpu';
import type { BenchSection } from '../lib/types';
import {
  describeUncachedCreate,
  measureUncachedCreate,
  UNCACHED_CREATE_TARGET_RPS,
} from '../lib/uncached-create';

const JSON_HEADERS = { 'content-type': 'application/json' };
const CACHED_SPEC = { name: '北京某某科技有限公司', title: '合同专用章', code: '1101081234567' };

export const stampSection: BenchSection = {
  name: 'stamp',
  description: 'POST /v1/stamp/create under autocannon on loopback',
  async run(ctx) {
    const { url, pid } = await ctx.server();
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
    ];
    const results = [];
    const cpuPerRequest: (number | null)[] = [];
    for (const c of cases) {
      // Every seal worker started and warm (fonts registered) before its CPU time is counted.
      await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          fetch(create, {
            method: 'POST',
            headers: JSON_HEADERS,
            body: JSON.stringify({ name: `预热${i}${c.name.length}有限公司` }),
          }),
        ),
      );
      const before = processCpuMs(pid);
      const result = await runLoad(c, ctx.options);
      const after = processCpuMs(pid);
      results.push(result);
      cpuPerRequest.push(
        before === null || after === null || result.requests === 0
          ? null
          : (after - before) / result.requests,
      );
    }

    // The figure: every request a new seal (its own warm-up of the seal workers).
    const uncached = await measureUncachedCreate(url, pid, ctx.options);
    results.push(uncached);
    cpuPerRequest.push(uncached.cpuMsPerRequest);
    const warnings = results.filter((r) => r.failed > 0).map((r) => `${r.name}: ${r.failures}`);
    warnings.push(describeUncachedCreate(uncached));
    if (uncached.reqPerSec < UNCACHED_CREATE_TARGET_RPS) {
      warnings.push(
        `uncached create below the target of ${UNCACHED_CREATE_TARGET_RPS} req/s here (on a shared machine compare the CPU ceiling)`,
      );
    }

    return {
      title: `${this.description} (${ctx.options.connections} connections, ${ctx.options.durationS} s each)`,
      // Server CPU per request (all its threads): the figure that does not move with the
      // neighbours' load; 2 cores / that is the ceiling on a machine of one's own.
      columns: [...LOAD_COLUMNS, 'server CPU ms/req'],
      rows: results.map((r, i) => {
        const cpu = cpuPerRequest[i];
        return [...loadRow(r), cpu === null || cpu === undefined ? 'n/a' : cpu.toFixed(2)];
      }),
      warnings,
    };
  },
};
