/**
 * Where extractSeal's time goes, per stage: a CPU profile (V8's sampler, through node:inspector)
 * of many calls on the 512x512 photos the `extract` bench section times, one of each synthetic
 * class, after a warm-up: each function's share of the samples (self time, functions of
 * packages/seal/src/extract) and that share of the median CPU time per call measured without the
 * profiler. The profile's own times are wall time, slowed by the sampler and by other processes
 * on a loaded machine, so only its shares are used.
 *
 *   node --import tsx bench/extract-profile.ts [key=0-auto-0] [rounds=40]
 *
 * A function inlined into its caller counts as the caller's: read the figures per stage, not per
 * line. Figures depend on the machine's load; compare runs from the same session.
 */
import { Session } from 'node:inspector/promises';
import { extractSeal, parseClarityKey } from '../packages/seal/src/extract';
import { type ClassPhoto, classPhoto, SYNTH_CLASSES } from '../packages/seal/test/synth/classes';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const key = process.argv[2] ?? '0-auto-0';
const rounds = Number(process.argv[3] ?? 40);
const options = parseClarityKey(key);
const photos: ClassPhoto[] = [];
for (const cls of SYNTH_CLASSES) photos.push(await classPhoto(cls, 1000));
const runAll = () => {
  for (const p of photos) extractSeal(p.rgba, p.width, p.height, options);
};
for (let r = 0; r < 10; r++) runAll();

// CPU time per call, unprofiled.
const cpu: number[] = [];
for (let r = 0; r < rounds; r++) {
  for (const p of photos) {
    const before = process.cpuUsage();
    extractSeal(p.rgba, p.width, p.height, options);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
}
cpu.sort((a, b) => a - b);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 500 });
await session.post('Profiler.start');
for (let r = 0; r < rounds; r++) runAll();
const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
session.disconnect();

const selfMs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i] as number;
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
}
const byStage = new Map<string, number>();
for (const node of profile.nodes) {
  const ms = selfMs.get(node.id) ?? 0;
  const { functionName, url } = node.callFrame;
  const m = /\/extract\/([\w-]+)\.ts/.exec(url);
  const name = m
    ? `${functionName || '(anonymous)'} (${m[1]}.ts)`
    : '(outside extract: GC, runtime, ...)';
  if (functionName === '(idle)' || functionName === '(program)') continue;
  byStage.set(name, (byStage.get(name) ?? 0) + ms);
}
const rows = [...byStage].sort((a, b) => b[1] - a[1]);
const profiled = rows.reduce((s, [, ms]) => s + ms, 0);
const median = cpu[cpu.length >> 1] as number;
console.log(`extractSeal ${key}, ${photos.length} photos x ${rounds} rounds`);
console.log(
  `CPU per call, unprofiled: median ${median.toFixed(2)} ms, ` +
    `p10 ${(cpu[Math.floor(cpu.length * 0.1)] as number).toFixed(2)} ms\n`,
);
console.log('  share  est. ms  function (file)');
for (const [name, ms] of rows) {
  const share = ms / profiled;
  if (share < 0.002) continue;
  console.log(
    `${(100 * share).toFixed(1).padStart(6)}%  ${(share * median).toFixed(2).padStart(7)}  ${name}`,
  );
}
