import { constants, deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { drawSeal } from '@yinzhang/seal';
import { registerSealFonts } from './apps/server/src/seal/render';
import { encodeOneColourPng } from './apps/server/src/seal/png';
registerSealFonts();
const cpu=()=>{const u=process.cpuUsage();return (u.user+u.system)/1000;};
const c:any=createCanvas(512,512); const ctx:any=c.getContext('2d'); ctx.lang='zh-CN'; drawSeal(ctx,{name:'甲乙科技有限公司',title:'合同专用章'} as any,{sizePx:512});
const data=ctx.getImageData(0,0,512,512).data;
const col={r:230,g:0,b:18};
const N=300;
for (let r=0;r<2;r++){
let a=cpu(); for(let i=0;i<N;i++) encodeOneColourPng(data,512,512,col); console.log('encode', ((cpu()-a)/N).toFixed(3));
const raw=Buffer.alloc(513*512);
a=cpu(); for(let i=0;i<N;i++){ for (let y=0;y<512;y++) for(let x=0;x<512;x++) raw[y*513+1+x]=data[(y*512+x)*4+3]; } console.log('loop', ((cpu()-a)/N).toFixed(3));
a=cpu(); for(let i=0;i<N;i++) deflateSync(raw,{level:6,strategy:constants.Z_RLE}); console.log('deflate', ((cpu()-a)/N).toFixed(3));
a=cpu(); for(let i=0;i<N;i++) deflateSync(raw,{level:1,strategy:constants.Z_RLE}); console.log('deflate l1', ((cpu()-a)/N).toFixed(3), deflateSync(raw,{level:1,strategy:constants.Z_RLE}).equals(deflateSync(raw,{level:6,strategy:constants.Z_RLE})));
}
