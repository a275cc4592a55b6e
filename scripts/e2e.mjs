// `npm run test:e2e`: browser tests of each user flow, in Debian's Chromium driven by playwright-core.
// Finds Chromium (CHROME_PATH or /usr/bin/chromium); installs it with apt when running as root,
// otherwise says how. Then builds the web app fresh and runs the e2e Vitest project.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildWebIfNeeded, root } from './lib.mjs';

const APT_PACKAGES = ['chromium', 'fonts-noto-cjk'];
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

if (!existsSync(chrome)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `No Chromium at ${chrome}. Install it with:\n  sudo apt-get update && sudo apt-get install -y ${APT_PACKAGES.join(' ')}\n` +
        'or point CHROME_PATH at a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
  console.log(`Installing ${APT_PACKAGES.join(' ')} from Debian...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...APT_PACKAGES]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

buildWebIfNeeded({ force: true });
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
});
process.exit(result.status ?? 1);
