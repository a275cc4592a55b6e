import { drawSeal, SEAL_RED } from '@yinzhang/seal';
import { createCanvas } from '@napi-rs/canvas';
import { registerSealFonts } from './apps/server/src/seal/render';
import { encodeOneColourPng, parseHexColour } from './apps/server/src/seal/png';
registerSealFonts();
const D='甲乙丙丁戊己庚辛壬癸';
let n=0; const name=()=>{let r=n++,p='';do{p=D[r%10]+p;r=Math.floor(r/10)}while(r>0);return p+'科技有限公司'};
for (let round=0; round<3; round++){
let N=200, tc=0, td=0, tg=0, te=0;
for(let i=0;i<N;i++){ const a=performance.now(); const c=createCanvas(512,512); const ctx:any=c.getContext('2d'); ctx.lang='zh-CN'; const b=performance.now(); drawSeal(ctx,{name:name(),title:'合同专用章'} as any,{sizePx:512}); const d=performance.now(); const {data}=ctx.getImageData(0,0,512,512); const g=performance.now(); encodeOneColourPng(data,512,512,parseHexColour(SEAL_RED)); const e=performance.now(); tc+=b-a; td+=d-b; tg+=g-d; te+=e-g; }
console.log('create',(tc/N).toFixed(2),'draw',(td/N).toFixed(2),'get',(tg/N).toFixed(2),'encode',(te/N).toFixed(2));
}
