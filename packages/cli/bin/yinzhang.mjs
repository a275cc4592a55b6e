#!/usr/bin/env node
// The command line is TypeScript run through tsx, like the server: no build step. Registering the
// loader here (the same as `node --import tsx`) keeps `npx yinzhang` to one process.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
