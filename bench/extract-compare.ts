/**
 * extractSeal of another commit against the working tree, call by call in one process, on the
 * `extract` bench section's photos (one 512x512 photo of each synthetic class, seed 1000) and the
 * server bench's photo (sealPhotoJpeg at 512x512, decoded by sharp to RGBA): first whether their
 * outputs are byte-identical per key, then CPU ms per call (process.cpuUsage), median per key and
 * the ratio, over the synthetic classes, then per photo at the first key. Alternating the two builds call by call (which one goes first
 * alternates too) puts both under the same load, so on a shared machine the ratio holds where
 * the absolute figures drift.
 *
 *   node --import tsx bench/extract-compare.ts <commit> [keys=0-auto-0,0-1-0,0-auto-2,2-12-0] [rounds=20]
 *
 * The other commit's packages/seal/src is unpacked with `git archive` into a temporary folder and
 * imported from there (packages/seal/src imports nothing outside itself).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractSeal, parseClarityKey } from '../packages/seal/src/extract';
import { extractBenchPhotos } from './lib/extract-photos';

type Extract = typeof extractSeal;

const [ref, keyList, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 20);
if (!ref || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: node --import tsx bench/extract-compare.ts <commit> [keys] [rounds >= 1]');
  process.exit(2);
}
const keys = (keyList ?? '0-auto-0,0-1-0,0-auto-2,2-12-0').split(',');

const dir = mkdtempSync(join(tmpdir(), 'extract-compare-'));
try {
  const tar = execFileSync('git', [
    'archive',
    ref,
    'packages/seal/src',
    'packages/seal/package.json',
  ]);
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  const other = (await import(join(dir, 'packages/seal/src/extract/index.ts'))) as {
    extractSeal: Extract;
  };
  await compare(other.extractSeal, extractSeal);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function compare(before: Extract, after: Extract): Promise<void> {
  const photos = await extractBenchPhotos();
  const classes = photos.length - 1;
  const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
    a.length === b.length && a.every((v, i) => v === b[i]);
  const cpu = (f: () => unknown): number => {
    const c = process.cpuUsage();
    f();
    const u = process.cpuUsage(c);
    return (u.user + u.system) / 1000;
  };
  const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1] as number;
  const times = keys.map(() => ({ before: [] as number[], after: [] as number[] }));
  // Per photo, at the first key.
  const perPhoto = photos.map(() => ({ before: [] as number[], after: [] as number[] }));
  const differ = keys.map(() => 0);
  keys.forEach((key, k) => {
    const o = parseClarityKey(key);
    for (const p of photos) {
      if (!same(before(p.rgba, p.width, p.height, o), after(p.rgba, p.width, p.height, o))) {
        differ[k] = (differ[k] as number) + 1;
      }
    }
  });
  // Warm both builds' compilers before timing.
  for (let r = 0; r < 5; r++) {
    for (const key of keys) {
      const o = parseClarityKey(key);
      for (const p of photos) {
        before(p.rgba, p.width, p.height, o);
        after(p.rgba, p.width, p.height, o);
      }
    }
  }
  for (let r = 0; r < rounds; r++) {
    keys.forEach((key, k) => {
      const o = parseClarityKey(key);
      const t = times[k] as { before: number[]; after: number[] };
      photos.forEach((p, i) => {
        const q = perPhoto[i] as { before: number[]; after: number[] };
        const b = () => {
          const ms = cpu(() => before(p.rgba, p.width, p.height, o));
          if (i < classes) t.before.push(ms);
          if (k === 0) q.before.push(ms);
        };
        const a = () => {
          const ms = cpu(() => after(p.rgba, p.width, p.height, o));
          if (i < classes) t.after.push(ms);
          if (k === 0) q.after.push(ms);
        };
        if ((r + i) % 2 === 0) {
          b();
          a();
        } else {
          a();
          b();
        }
      });
    });
  }
  console.log(
    `extractSeal, ${ref} against the working tree, ${photos.length} photos x ${rounds} rounds`,
  );
  console.log('key       | CPU median before | after | ratio | outputs differing');
  keys.forEach((key, k) => {
    const t = times[k] as { before: number[]; after: number[] };
    const b = median(t.before);
    const a = median(t.after);
    console.log(
      `${key.padEnd(9)} | ${b.toFixed(2).padStart(17)} | ${a.toFixed(2).padStart(5)} | ${(b / a).toFixed(2)}x | ${differ[k]} of ${photos.length}`,
    );
  });
  console.log(`\nper photo at ${keys[0]} (the key line above is the ${classes} synthetic classes)`);
  console.log('photo              | CPU median before | after | ratio');
  photos.forEach((p, i) => {
    const q = perPhoto[i] as { before: number[]; after: number[] };
    const b = median(q.before);
    const a = median(q.after);
    console.log(
      `${p.name.padEnd(18)} | ${b.toFixed(2).padStart(17)} | ${a.toFixed(2).padStart(5)} | ${(b / a).toFixed(2)}x`,
    );
  });
}
