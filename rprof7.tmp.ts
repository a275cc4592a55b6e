import { drawSeal } from '@yinzhang/seal';
import { createCanvas } from '@napi-rs/canvas';
import { registerSealFonts } from './apps/server/src/seal/render';
registerSealFonts();
const parts=(label:string, draw:(ctx:any)=>void)=>{
let N=150,t1=0,t2=0;
for(let i=0;i<N;i++){ const c=createCanvas(512,512); const ctx:any=c.getContext('2d'); ctx.lang='zh-CN'; draw(ctx); const a=performance.now(); (c as any).data(); const b=performance.now(); (c as any).data(); t1+=b-a; t2+=performance.now()-b; }
console.log(label,'first data()',(t1/N).toFixed(2),'second',(t2/N).toFixed(2));
};
for (let r=0;r<2;r++){
parts('empty', ()=>{});
parts('seal', (ctx)=>drawSeal(ctx,{name:'甲乙科技有限公司',title:'合同专用章'} as any,{sizePx:512}));
parts('circle+star', (ctx)=>{ctx.fillStyle='#e60012';ctx.strokeStyle='#e60012';ctx.lineWidth=14;ctx.beginPath();ctx.arc(256,256,240,0,2*Math.PI);ctx.stroke();});
parts('dest-in', (ctx)=>{ctx.globalCompositeOperation='destination-in';ctx.fillStyle='rgba(0,0,0,0.9)';ctx.fillRect(0,0,512,512);});
parts('text14', (ctx)=>{ctx.font='700 60px "Noto Serif SC"';ctx.fillStyle='#e60012';for(let k=0;k<14;k++){ctx.save();ctx.translate(30+k*25,200);ctx.rotate(k*0.2);ctx.scale(0.9,1);ctx.fillText('甲乙科技有限公司合同专用章'[k%13],0,0);ctx.restore();}});
}
