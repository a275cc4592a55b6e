// `npm run dev`: the API server on 127.0.0.1:8787 (restarted on change by tsx watch) and Vite with
// hot reload, which proxies /v1 to it. Open the address Vite prints.
import { spawn } from 'node:child_process';
import { root, serverEntry } from './lib.mjs';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', serverEntry], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT ?? '8787' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@yinzhang/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children) child.on('exit', stop);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
