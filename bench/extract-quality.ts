/**
 * Seal extraction quality on synthetic photos (packages/seal/test/synth): per clarity level, the
 * intersection-over-union of the kept pixels (alpha > 0.5) with the seal drawn alone, and how much
 * black printed text and black signature is kept. Also modes 1 and 2, and the time per image.
 *
 *   node --import tsx bench/extract-quality.ts [count=100] [firstSeed=1000]
 *
 * Seeds 5000 and up are held out for packages/seal/test/extract-quality.test.ts.
 */
import { CLARITY, type ExtractOptions, extractSeal } from '../packages/seal/src/extract';
import {
  fraction,
  iou,
  type Kept,
  pool,
  type Score,
  score,
  union,
} from '../packages/seal/test/synth/metrics';
import { type SynthPhoto, synthPhoto } from '../packages/seal/test/synth/photo';

const count = Number(process.argv[2] ?? 100);
const first = Number(process.argv[3] ?? 1000);

const pct = (v: number) => `${(v * 100).toFixed(2)}%`.padStart(7);
const num = (v: number) => v.toFixed(3);
/** Per-image maxima ignore images with fewer marks pixels than this (a clipped line end). */
const MIN_MARKS = 500;

function worst(items: Kept[]): number {
  return Math.max(0, ...items.filter((k) => k.total >= MIN_MARKS).map(fraction));
}

function run(photos: SynthPhoto[], options: ExtractOptions): { scores: Score[]; ms: number } {
  const scores: Score[] = [];
  let ms = 0;
  for (const p of photos) {
    const t = performance.now();
    const out = extractSeal(p.rgba, p.width, p.height, options);
    ms += performance.now() - t;
    scores.push(score(p, out));
  }
  return { scores, ms: ms / photos.length };
}

const photos: SynthPhoto[] = [];
const t0 = performance.now();
for (let s = first; s < first + count; s++) photos.push(await synthPhoto(s));
const genSeconds = ((performance.now() - t0) / 1000).toFixed(1);
console.log(`${count} synthetic photos, seeds ${first}..${first + count - 1} (${genSeconds} s)`);
// Warm the JIT so the first level's time is not the compiler's.
for (const p of photos.slice(0, 3))
  extractSeal(p.rgba, p.width, p.height, { mode: 0, clarity: 0, red: 0 });

console.log('\nMode 0 (seal). IoU = kept (alpha > 127) vs the seal drawn alone (alpha > 0.5).');
console.log(
  'Text/signature kept: pooled over all photos; "away" = text pixels >= 2 px from the seal;',
);
console.log(`max = worst single photo (photos with >= ${MIN_MARKS} such pixels).`);
console.log(
  'clarity | mean IoU | min IoU (seed) | text kept  max     | text away  max     | signature  max     | ms/img',
);
for (let c = CLARITY[0].min; c <= CLARITY[0].max; c++) {
  const { scores, ms } = run(photos, { mode: 0, clarity: c, red: 0 });
  const ious = scores.map((s) => s.iou);
  const mean = ious.reduce((a, b) => a + b, 0) / ious.length;
  const min = Math.min(...ious);
  const seed = photos[ious.indexOf(min)]?.seed;
  const text = scores.map((s) => s.text);
  const away = scores.map((s) => s.textAway);
  const sig = scores.map((s) => s.signature);
  console.log(
    `${c}${c === CLARITY[0].default ? ' (def)' : '      '} |   ${num(mean)}  | ${num(min)} (${seed}) | ${pct(fraction(pool(text)))} ${pct(worst(text))} | ${pct(fraction(pool(away)))} ${pct(worst(away))} | ${pct(fraction(pool(sig)))} ${pct(worst(sig))} | ${ms.toFixed(1)}`,
  );
}

console.log(
  '\nMode 1 (coloured ink). red 0: IoU vs seal + blue signatures; red 1: IoU vs seal only.',
);
for (const red of [0, 1] as const) {
  const ious: number[] = [];
  const text: Kept[] = [];
  for (const p of photos) {
    const out = extractSeal(p.rgba, p.width, p.height, { mode: 1, clarity: 0, red });
    const truth = red === 0 && p.signatureBlue ? union(p.sealMask, p.signatureMask) : p.sealMask;
    ious.push(iou(out, truth));
    text.push(score(p, out).text);
  }
  const mean = ious.reduce((a, b) => a + b, 0) / ious.length;
  console.log(
    `red ${red}: mean IoU ${num(mean)}  min ${num(Math.min(...ious))}  black text kept ${pct(fraction(pool(text)))}`,
  );
}

console.log(
  '\nMode 2 (picture), red 0: IoU vs seal + text + signature (everything that is not paper).',
);
const line: string[] = [];
for (let c = CLARITY[2].min; c <= CLARITY[2].max; c++) {
  let sum = 0;
  for (const p of photos) {
    const out = extractSeal(p.rgba, p.width, p.height, { mode: 2, clarity: c, red: 0 });
    sum += iou(out, union(p.sealMask, p.textMask, p.signatureMask));
  }
  line.push(`${c}${c === CLARITY[2].default ? '*' : ''}: ${num(sum / photos.length)}`);
}
console.log(line.join('  '));

if (process.env.VERBOSE) {
  const { scores } = run(photos, { mode: 0, clarity: CLARITY[0].default, red: 0 });
  photos.forEach((p, i) => {
    console.log(p.seed, num(scores[i]?.iou ?? 0), JSON.stringify(p.params));
  });
}
