import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Client, createClient } from '@libsql/client';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { type AppDeps, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { databaseUrl } from '../src/db/client';

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  // Newest first: apps close before their directories go.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh directory under the OS temp dir, removed after the test. */
export function tempDir(prefix = 'yinzhang-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Config as from the environment, with a temp DATA_DIR, no web build and no logging. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = env.DATA_DIR ?? tempDir();
  return loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

/** Builds the app on `config` and closes it after the test. */
export async function testApp(config: Config = testConfig(), deps?: AppDeps) {
  const app: FastifyInstance = await buildApp(config, deps);
  cleanups.push(() => app.close());
  return app;
}

/** A second, independent connection to the app's database file, closed after the test. */
export function openDbForTest(dataDir: string): Client {
  const client = createClient({ url: databaseUrl(dataDir), intMode: 'number' });
  cleanups.push(() => client.close());
  return client;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('no IHDR first');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export interface FilePart {
  readonly field: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly data: Buffer | string;
}

/** A multipart/form-data body for app.inject. */
export function multipartBody(parts: readonly FilePart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = '----yinzhang-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      `form-data; name="${part.field}"` +
      (part.filename === undefined ? '' : `; filename="${part.filename}"`);
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.contentType === undefined ? '' : `Content-Type: ${part.contentType}\r\n`) +
      '\r\n';
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
