import { renderSealPng } from './apps/server/src/seal/render';
const cpu=()=>{const u=process.cpuUsage();return (u.user+u.system)/1000;};
const D='甲乙丙丁戊己庚辛壬癸';
let n=0; const name=()=>{let r=n++,p='';do{p=D[r%10]+p;r=Math.floor(r/10)}while(r>0);return p+'科技有限公司'};
for(let i=0;i<30;i++) renderSealPng({name:name(),title:'合同专用章'} as any);
for (let r=0;r<3;r++){ const N=300; const a=cpu(), w=performance.now(); for(let i=0;i<N;i++) renderSealPng({name:name(),title:'合同专用章'} as any); console.log('render cpu', ((cpu()-a)/N).toFixed(2), 'wall', ((performance.now()-w)/N).toFixed(2)); }
