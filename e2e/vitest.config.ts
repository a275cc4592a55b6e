import { defineConfig } from 'vitest/config';

// Browser flows: each file starts its own server (built app, temporary DATA_DIR, free port)
// and drives Debian's Chromium through playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: one Chromium at a time keeps the runs steady.
    fileParallelism: false,
  },
});
