import { layoutSeal, drawSeal } from '@yinzhang/seal';
import { createCanvas } from '@napi-rs/canvas';
import { registerSealFonts } from './apps/server/src/seal/render';
registerSealFonts();
const D='甲乙丙丁戊己庚辛壬癸';
let n=0; const name=()=>{let r=n++,p='';do{p=D[r%10]+p;r=Math.floor(r/10)}while(r>0);return p+'科技有限公司'};
let N=300, t=performance.now();
for(let i=0;i<N;i++) layoutSeal({name:name(),title:'合同专用章'} as any, 512);
console.log('layout', ((performance.now()-t)/N).toFixed(3));
// draw with recording context that only records fillText
let tf=0, cnt=0;
for(let i=0;i<N;i++){ const c=createCanvas(512,512); const ctx:any=c.getContext('2d'); ctx.lang='zh-CN'; const ft=ctx.fillText.bind(ctx); ctx.fillText=(s:string,x:number,y:number)=>{const a=performance.now(); ft(s,x,y); tf+=performance.now()-a; cnt++;}; const fs=Object.getOwnPropertyDescriptor(Object.getPrototypeOf(ctx),'font'); drawSeal(ctx,{name:name(),title:'合同专用章'} as any,{sizePx:512}); }
console.log('fillText total per seal', (tf/N).toFixed(2), 'calls', cnt/N);
let tfont=0;
for(let i=0;i<N;i++){ const c=createCanvas(512,512); const ctx:any=c.getContext('2d'); const a=performance.now(); ctx.font='700 43.2px "Noto Serif SC"'; ctx.font='700 20px "Arimo"'; tfont+=performance.now()-a; }
console.log('font set x2', (tfont/N).toFixed(3));
