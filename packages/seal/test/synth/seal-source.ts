/**
 * The seal the synthetic photos are stamped with, and the random seal specs.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { drawSeal } from '../../src/draw';
import type { SealSpec } from '../../src/spec';
import type { Rng } from './prng';

const CITIES = ['北京', '上海', '深圳', '杭州', '成都', '武汉', '西安', '南京', '广州', '苏州'];
const WORDS =
  '华信宏达恒通盛远泰和鑫源天成博创永安嘉禾新锐瑞丰汇金中科长城东方明珠海纳百川云帆启航星辰锦程';
const KINDS = [
  '有限公司',
  '科技有限公司',
  '贸易有限责任公司',
  '文化传媒有限公司',
  '建筑工程有限公司',
  '股份有限公司',
  '人民政府办公室',
  '实业集团有限公司',
];
const TITLES = ['', '', '合同专用章', '财务专用章', '发票专用章', '公章', '业务专用章'];

export function randomSealSpec(rand: Rng): SealSpec {
  const words = Array.from(WORDS);
  let mid = '';
  for (let i = rand.int(2, 6); i > 0; i--) mid += rand.pick(words);
  const name = (rand.chance(0.6) ? rand.pick(CITIES) : '') + mid + rand.pick(KINDS);
  let code = '';
  if (rand.chance(0.5)) for (let i = 0; i < 13; i++) code += String(rand.int(0, 9));
  return { name: Array.from(name).slice(0, 24).join(''), title: rand.pick(TITLES), code };
}

/**
 * Draws the product's seal into (0,0)-(size,size) of the context's current transform.
 * drawSeal clears everything outside that square, so the context must hold nothing else.
 */
export function drawTestSeal(ctx: SKRSContext2D, spec: SealSpec, size: number): void {
  drawSeal(ctx, spec, { sizePx: size });
}
