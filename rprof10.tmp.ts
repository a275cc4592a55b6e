import { createCanvas } from '@napi-rs/canvas';
import { drawSeal } from '@yinzhang/seal';
import { registerSealFonts } from './apps/server/src/seal/render';
registerSealFonts();
const cpu=()=>{const u=process.cpuUsage();return (u.user+u.system)/1000;};
const spec={name:'甲乙科技有限公司',title:'合同专用章'} as any;
const run=(opts:any)=>{const c:any=createCanvas(512,512); const ctx:any=c.getContext('2d',opts); ctx.lang='zh-CN'; drawSeal(ctx,spec,{sizePx:512}); return Buffer.from(ctx.getImageData(0,0,512,512).data);};
console.log('same pixels', run({}).equals(run({willReadFrequently:true})));
for (let r=0;r<2;r++) for (const o of [{}, {willReadFrequently:true}]) {
  const N=200; const a=cpu(); for(let i=0;i<N;i++) run(o); console.log(JSON.stringify(o), ((cpu()-a)/N).toFixed(2));
}
// reuse one canvas
const c:any=createCanvas(512,512); const ctx:any=c.getContext('2d'); ctx.lang='zh-CN';
const reuse=()=>{ctx.clearRect(0,0,512,512); drawSeal(ctx,spec,{sizePx:512}); return Buffer.from(ctx.getImageData(0,0,512,512).data);};
console.log('reuse same', reuse().equals(run({})), reuse().equals(run({})));
const N=200; const a=cpu(); for(let i=0;i<N;i++) reuse(); console.log('reuse', ((cpu()-a)/N).toFixed(2));
