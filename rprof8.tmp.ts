import { drawSeal, SEAL_RED } from '@yinzhang/seal';
import { createCanvas } from '@napi-rs/canvas';
import { registerSealFonts } from './apps/server/src/seal/render';
import { encodeOneColourPng, parseHexColour } from './apps/server/src/seal/png';
registerSealFonts();
const cpu=()=>{const u=process.cpuUsage();return (u.user+u.system)/1000;};
const D='甲乙丙丁戊己庚辛壬癸';
let n=0; const name=()=>{let r=n++,p='';do{p=D[r%10]+p;r=Math.floor(r/10)}while(r>0);return p+'科技有限公司'};
for (let round=0; round<3; round++){
let N=300, tc=0, td=0, tg=0, tg2=0, te=0;
for(let i=0;i<N;i++){ const a=cpu(); const c=createCanvas(512,512); const ctx:any=c.getContext('2d'); ctx.lang='zh-CN'; const b=cpu(); drawSeal(ctx,{name:name(),title:'合同专用章'} as any,{sizePx:512}); const d=cpu(); const data=(c as any).data(); const g=cpu(); (c as any).data(); const g2=cpu(); encodeOneColourPng(data,512,512,parseHexColour(SEAL_RED)); const e=cpu(); tc+=b-a; td+=d-b; tg+=g-d; tg2+=g2-g; te+=e-g2; }
console.log('cpu ms: create',(tc/N).toFixed(2),'draw',(td/N).toFixed(2),'raster+read',(tg/N).toFixed(2),'read again',(tg2/N).toFixed(2),'encode',(te/N).toFixed(2));
}
