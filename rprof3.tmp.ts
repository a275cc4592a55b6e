import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { readFileSync } from 'node:fs';
import { registerSealFonts } from './apps/server/src/seal/render';
registerSealFonts();
const css = readFileSync('node_modules/@fontsource/noto-serif-sc/700.css','utf8');
const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(m=>{const b=m[1]; return {file:/url\(\.\/(files\/[^)]+\.woff2)\)/.exec(b)![1], ranges:/unicode-range:\s*([^;]+);/.exec(b)![1]};});
const cp = '科'.codePointAt(0)!;
const inRange=(r:string)=>r.split(',').some(p=>{p=p.trim().replace(/^U\+/i,'');const [a,b]=p.split('-');const lo=parseInt(a,16),hi=b?parseInt(b,16):lo;return cp>=lo&&cp<=hi;});
const hits = faces.filter(f=>inRange(f.ranges)); console.log('faces with 科', hits.map(h=>h.file));
GlobalFonts.registerFromPath('node_modules/@fontsource/noto-serif-sc/'+hits[0].file, 'OneSlice');
function t(label: string, family: string) {
  const N=200; let draw=0, get=0;
  for (let i=0;i<N+20;i++){ const a=performance.now(); const c=createCanvas(512,512); const ctx=c.getContext('2d'); ctx.lang='zh-CN'; ctx.font=`700 60px "${family}"`; for(let k=0;k<16;k++){ctx.save();ctx.translate(30+k*25,200);ctx.rotate(k*0.2);ctx.fillText('科',0,0);ctx.restore();} const b=performance.now(); const d=ctx.getImageData(0,0,512,512); const e=performance.now(); if(i>=20){draw+=b-a;get+=e-b;} }
  console.log(label, (draw/N).toFixed(2), (get/N).toFixed(2));
}
for (let r=0;r<2;r++){ t('family102', 'Noto Serif SC'); t('oneslice', 'OneSlice'); }
// identical pixels?
const px=(fam:string)=>{const c=createCanvas(200,200);const ctx=c.getContext('2d');ctx.lang='zh-CN';ctx.font=`700 60px "${fam}"`;ctx.save();ctx.translate(100,100);ctx.rotate(0.3);ctx.scale(0.9,1);ctx.fillText('科',0,0);ctx.restore();return Buffer.from(ctx.getImageData(0,0,200,200).data);};
console.log('identical', px('Noto Serif SC').equals(px('OneSlice')));
