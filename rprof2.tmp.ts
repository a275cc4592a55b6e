import { createCanvas } from '@napi-rs/canvas';
import { drawSeal } from '@yinzhang/seal';
import { registerSealFonts } from './apps/server/src/seal/render';
registerSealFonts();
const D='甲乙丙丁戊己庚辛壬癸';
let n=0; const name=()=>{let r=n++,p='';do{p=D[r%10]+p;r=Math.floor(r/10)}while(r>0);return p+'科技有限公司'};
function t(label: string, f: (ctx: any) => void) {
  const N=100; let draw=0, get=0;
  for (let i=0;i<N+10;i++){ const a=performance.now(); const c=createCanvas(512,512); const ctx=c.getContext('2d'); ctx.lang='zh-CN'; f(ctx); const b=performance.now(); ctx.getImageData(0,0,512,512); const e=performance.now(); if(i>=10){draw+=b-a;get+=e-b;} }
  console.log(label, (draw/N).toFixed(2), (get/N).toFixed(2));
}
t('empty', () => {});
t('circle', (ctx) => { ctx.lineWidth=12; ctx.beginPath(); ctx.arc(256,256,240,0,7); ctx.stroke(); });
t('one text', (ctx) => { ctx.font='700 60px "Noto Serif SC"'; ctx.fillText('科', 200, 200); });
t('10 text same', (ctx) => { ctx.font='700 60px "Noto Serif SC"'; for (let i=0;i<10;i++) ctx.fillText('科', 20+i*40, 200); });
t('10 text rotated', (ctx) => { ctx.font='700 60px "Noto Serif SC"'; for (let i=0;i<10;i++){ ctx.save(); ctx.translate(20+i*40,200); ctx.rotate(i*0.3); ctx.fillText('科', 0, 0); ctx.restore(); } });
t('seal', (ctx) => drawSeal(ctx, {name:name(),title:'合同专用章'} as any, {sizePx:512}));
t('destination-in only', (ctx) => { ctx.fillStyle='red'; ctx.fillRect(0,0,512,512); ctx.globalCompositeOperation='destination-in'; ctx.fillStyle='rgba(0,0,0,0.9)'; ctx.fillRect(0,0,512,512); });
