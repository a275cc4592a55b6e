import { createCanvas } from '@napi-rs/canvas';
const cpu=()=>{const u=process.cpuUsage();return (u.user+u.system)/1000;};
const c:any=createCanvas(512,512); const ctx:any=c.getContext('2d'); ctx.fillStyle='red'; ctx.fillRect(10,10,300,300); c.data();
for (let r=0;r<2;r++){
const N=500;
let a=cpu(); for(let i=0;i<N;i++) c.data(); console.log('data()', ((cpu()-a)/N).toFixed(3));
a=cpu(); for(let i=0;i<N;i++) ctx.getImageData(0,0,512,512); console.log('getImageData', ((cpu()-a)/N).toFixed(3));
try { a=cpu(); for(let i=0;i<N;i++) c.toBuffer('raw'); console.log('toBuffer raw', ((cpu()-a)/N).toFixed(3)); } catch(e){console.log('raw n/a', (e as Error).message)}
a=cpu(); for(let i=0;i<N;i++) Buffer.alloc(1<<20); console.log('Buffer.alloc 1MB', ((cpu()-a)/N).toFixed(3));
const src=Buffer.alloc(1<<20,1); a=cpu(); for(let i=0;i<N;i++) Buffer.from(src); console.log('Buffer copy 1MB', ((cpu()-a)/N).toFixed(3));
}
