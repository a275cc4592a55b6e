import { drawSeal } from '@yinzhang/seal';
import { createCanvas } from '@napi-rs/canvas';
import { registerSealFonts } from './apps/server/src/seal/render';
registerSealFonts();
const mk=()=>{const c=createCanvas(512,512); const ctx:any=c.getContext('2d'); ctx.lang='zh-CN'; drawSeal(ctx,{name:'甲乙科技有限公司',title:'合同专用章'} as any,{sizePx:512}); return {c,ctx};};
const a1=mk(); const g=a1.ctx.getImageData(0,0,512,512).data; const d=(mk().c as any).data();
console.log('len', g.length, d.length, 'alpha equal', (()=>{for(let i=3;i<g.length;i+=4) if(g[i]!==d[i]) return false; return true;})());
for (let r=0;r<2;r++){
let N=200,t1=0,t2=0;
for(let i=0;i<N;i++){ const {c,ctx}=mk(); const a=performance.now(); ctx.getImageData(0,0,512,512); t1+=performance.now()-a; }
for(let i=0;i<N;i++){ const {c}=mk(); const a=performance.now(); (c as any).data(); t2+=performance.now()-a; }
console.log('getImageData',(t1/N).toFixed(2),'data()',(t2/N).toFixed(2));
}
