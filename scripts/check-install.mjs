// `npm run check:install`: a clean install stays clean. Copies the committed files into a
// temporary folder, runs `npm ci` there with the Node in use, and fails on any warning about the
// project: EBADENGINE (a dependency wanting a newer Node than we declare), install scripts not
// covered by allowScripts, deprecations. Then runs `npx yinzhang --help` there (built on install)
// and builds the web app, failing on Vite warnings.
// Warnings about the machine's own npm configuration ("Unknown user config") are not ours.
// Needs the npm registry; takes a minute or two.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './lib.mjs';

const MACHINE_CONFIG = /Unknown (user|env|global|project) config/;

function problems(output) {
  return output
    .split('\n')
    .filter((line) => /\bwarn\b|WARN|\(!\)|EBADENGINE|deprecated/i.test(line))
    .filter((line) => !MACHINE_CONFIG.test(line));
}

const dir = mkdtempSync(path.join(tmpdir(), 'yinzhang-install-'));
let failed = false;
try {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(dir, file));
  }
  console.log(`npm ci in ${dir} (node ${process.version}) ...`);
  const steps = [
    ['npm ci', 'npm', ['ci', '--no-audit', '--no-fund'], dir],
    // The command line was built by the root prepare script: it runs from the repository as is.
    ['npx yinzhang --help', 'npx', ['yinzhang', '--help'], dir],
    [
      'vite build',
      process.execPath,
      [path.join(dir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      path.join(dir, 'apps/web'),
    ],
  ];
  for (const [name, command, args, cwd] of steps) {
    const run = spawnSync(command, args, { cwd, encoding: 'utf8' });
    const found = problems(`${run.stdout}\n${run.stderr}`);
    if (run.status !== 0) {
      console.error(`${name} failed:\n${run.stdout}\n${run.stderr}`);
      failed = true;
      break;
    }
    if (found.length > 0) {
      console.error(`${name} warned:\n${found.join('\n')}`);
      failed = true;
    } else {
      console.log(`${name}: no warnings`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
